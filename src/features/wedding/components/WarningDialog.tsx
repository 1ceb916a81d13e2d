import Dialog from '../../../components/Dialog.tsx';

/** The confirmation before the guest list is deleted, naming what would be lost. */
export default function WarningDialog({
  invitations,
  onConfirm,
  onClose,
}: {
  invitations: number;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog
      id="wedding-warning"
      title="Warning"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" data-autofocus onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm}>
            Delete Guests
          </button>
        </>
      }
    >
      <p>
        This deletes all {invitations} invitation{invitations === 1 ? '' : 's'} on the guest list, with every
        guest&apos;s RSVP answers. It cannot be undone.
      </p>
    </Dialog>
  );
}
