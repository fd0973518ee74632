import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { NavLink, Navigate, Route, Routes, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { sessionQuery, sessionQueryKey, signOut } from '@/lib/auth';
import { ArchivePage } from './archive-page';
import { AuditPage } from './audit-page';
import { BrokersPage } from './brokers-page';
import { DashboardPage } from './dashboard-page';
import { MarketDataPage } from './market-data-page';
import { OutboxPage } from './outbox-page';
import { ProfilePage } from './profile-page';
import { RequestDetailPage } from './request-detail-page';

/** Everything under /admin, shown only to admins (app/require-admin.tsx). */
export function AdminArea() {
  return (
    <>
      <AdminBar />
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="analysis/:requestId" element={<RequestDetailPage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="market-data" element={<MarketDataPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="archive" element={<ArchivePage />} />
        <Route path="brokers" element={<BrokersPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-blue-700 ${isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100'}`;

function AdminBar() {
  const session = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    // Leave the guarded area first, then forget what it showed.
    navigate('/', { replace: true });
    queryClient.removeQueries({ queryKey: ['admin'] });
    queryClient.removeQueries({ queryKey: sessionQueryKey });
  };
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:px-6">
        <nav aria-label="Broker" className="flex gap-1">
          <NavLink to="/admin" end className={navLink}>
            Dashboard
          </NavLink>
          <NavLink to="/admin/outbox" className={navLink}>
            Outbox
          </NavLink>
          <NavLink to="/admin/market-data" className={navLink}>
            Market data
          </NavLink>
          <NavLink to="/admin/audit" className={navLink}>
            Audit trail
          </NavLink>
          <NavLink to="/admin/archive" className={navLink}>
            Page archive
          </NavLink>
          <NavLink to="/admin/brokers" className={navLink}>
            Brokers
          </NavLink>
          <NavLink to="/admin/profile" className={navLink}>
            Profile
          </NavLink>
        </nav>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          {session.data && <span>Signed in as {session.data.user.email}</span>}
          <Button variant="secondary" onClick={leave}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      </div>
    </div>
  );
}
