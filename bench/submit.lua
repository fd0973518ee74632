-- wrk: a durable purchase submission (validated, inserted, synced to disk).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"loanType":"purchase","isFirstHome":true,"propertyType":"primary","propertyStyle":"single","militaryService":false,"zipCode":"84101","creditScore":742,"state":"UT","purchasePrice":450000,"downPayment":45000,"downPaymentPercent":10,"brokerRate":6.625,"brokerLenderFees":-1200,"brokerMortgageInsurance":140,"questions":["Is this a good rate?"],"keystone_consideration":"open"}]]
