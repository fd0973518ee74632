package vocab

// ConsentText is the consent to calls and texts shown beside the checkbox of
// the contact form and the notify-me form (web/src/components/form/consent-checkbox.tsx:
// consentText), naming the brokerage's legal name and the number typed (TCPA,
// 47 CFR 64.1200; issue 26 section 3). The server builds the words it stores
// itself rather than keeping text the client sent: a record of consent must
// say what the brokerage showed, and a client could send any words at all.
func ConsentText(brokerage, phone string) string {
	return "I agree that " + brokerage + " may call or text me at " + phone +
		" about this request. Consent is not a condition of any service. Message and data rates may apply. Reply STOP to opt out."
}
