import { BulkEventPage } from '../components/bulk-event-page';

/** #/isss/batch-sevis-registration: F-1 students requiring registration for the current session, registered in SEVIS in bulk. */
export function SevisRegistrationPage() {
  return (
    <BulkEventPage
      title="SEVIS Registration"
      subtitle="Active F-1 students not yet registered for a session that has started (the Student List's 'Active requiring registration'). Choose students, or all, to queue their Registration for the next batch."
      list="registration"
      eventLabel="Registration"
      startLabel="Session start"
      emptyText="No active F-1 student of your campus sites needs registering for the current session."
    />
  );
}
