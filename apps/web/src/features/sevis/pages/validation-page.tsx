import { BulkEventPage } from '../components/bulk-event-page';

/** #/isss/sevis-validation: initial J-1 exchange visitors ready to validate, validated in SEVIS in bulk. */
export function SevisValidationPage() {
  return (
    <BulkEventPage
      title="SEVIS Validation"
      subtitle="Initial J-1 exchange visitors whose program starts within 30 days before or after today: validate their program participation. Choose visitors, or all, to queue their Validate event for the next batch."
      list="validation"
      eventLabel="Validate"
      startLabel="Program start"
      emptyText="No initial J-1 exchange visitor of your campus sites starts a program within 30 days of today."
    />
  );
}
