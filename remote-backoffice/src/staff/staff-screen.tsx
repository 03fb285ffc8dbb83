import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffAccount, type StaffMember, STAFF_PASSWORD_LINK_DAYS } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CreateStaffForm } from './create-staff-form.tsx';
import { StaffRow } from './staff-row.tsx';

/** Admins: everyone who can sign in to the back office, and a form to add someone. */
export function StaffScreen({ staff }: { staff: StaffMember }) {
  const { loaded, reload } = useStaffData('staff', () => staffRequest((o) => apiRequest(staffCalls.staffList, {}, o)));
  const [notice, setNotice] = useState<string | null>(null);
  const [edited, setEdited] = useState<Record<number, StaffAccount>>({});
  return (
    <section aria-labelledby="bo-staff-title">
      <h1 id="bo-staff-title" className="bo-title">
        Staff
      </h1>
      {notice && (
        <p className="bo-success" role="status">
          {notice}
        </p>
      )}
      {loaded.state === 'loading' && <Spinner label="Loading staff…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="bo-visually-hidden">Staff members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Refund limit (£)</th>
                <th scope="col">Authenticator</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.data.map((a) => (
                <StaffRow key={a.id} account={edited[a.id] ?? a} me={staff} onChanged={(changed) => setEdited((all) => ({ ...all, [changed.id]: changed }))} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateStaffForm
        onCreated={(member) => {
          setNotice(`Added ${member.name} (${member.email}). We have emailed them a link to choose their password (it works for ${STAFF_PASSWORD_LINK_DAYS} days); their first sign-in then sets up their authenticator app.`);
          reload();
        }}
      />
    </section>
  );
}
