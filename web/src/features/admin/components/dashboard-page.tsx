import { TitledPage } from '@/components/page';
import { ContactRequests } from './contact-requests';
import { MarketDataWarning } from './market-data-warning';
import { ProfileNotice } from './profile-notice';
import { MarketRatesChart } from './market-rates-chart';
import { RefiWatches } from './refi-watches';
import { RequestsTable } from './requests-table';

/** /admin: the requests to analyse and those analysed (spec section 2), visitors' questions, rates and watches. */
export function DashboardPage() {
  return (
    <TitledPage heading="Broker Dashboard" width="wide">
      <div className="space-y-8">
        <MarketDataWarning />
        <ProfileNotice />
        <RequestsTable which="pending" title="Pending Analysis" action="Analyze" empty="No requests are waiting for an analysis." />
        <RequestsTable which="analyzed" title="Analyzed Requests" action="View" empty="No request has been analyzed yet." />
        <ContactRequests />
        <div className="grid gap-8 lg:grid-cols-2">
          <MarketRatesChart />
          <RefiWatches />
        </div>
      </div>
    </TitledPage>
  );
}
