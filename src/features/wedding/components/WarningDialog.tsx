import Dialog from '../../../components/Dialog.tsx';

/** The confirmation before the guest list is deleted. */
export default function WarningDialog({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }) {
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
      <p>This deletes every guest and their answers. It cannot be undone.</p>
    </Dialog>
  );
}
