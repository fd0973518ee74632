import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/card';
import { TitledPage } from '@/components/page';
import { formatDate } from '@/lib/format';
import { adminsQuery } from '../api/admins';
import { AdminTable, QueryList } from './query-list';

/** /admin/brokers: every broker and whether they have set up an authenticator app (decision 0039). */
export function BrokersPage() {
  const admins = useQuery({ ...adminsQuery(), select: (answer) => answer.admins });
  return (
    <TitledPage heading="Brokers" intro="Who may open the broker area, and who has set up an authenticator app. Outside development mode every broker sets one up at their first sign-in; quotegrade admin reset-second-factor EMAIL removes a lost one." width="wide">
      <QueryList query={admins} loading="Loading the brokers…" empty="No brokers yet.">
        {(list) => (
          <Card as="div" shadow="sm">
            <AdminTable columns={['Broker', 'Admin since', 'Authenticator app']}>
              {list.map((admin) => (
                <tr key={admin.email} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
                    {admin.name ? `${admin.name} (${admin.email})` : admin.email}
                  </th>
                  <td className="py-2 pr-4 text-slate-800">{formatDate(admin.granted_at)}</td>
                  <td className="py-2 pr-4 text-slate-800">{admin.enrolled_at ? `Set up on ${formatDate(admin.enrolled_at)}` : 'Not set up yet'}</td>
                </tr>
              ))}
            </AdminTable>
          </Card>
        )}
      </QueryList>
    </TitledPage>
  );
}
