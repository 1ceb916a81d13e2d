import { useModalDialog } from '../../../components/use-modal-dialog.ts';

/** The confirmation before the guest list is deleted. */
export default function WarningDialog({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }) {
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="wedding-warning-title" onClose={onClose}>
      <h2 id="wedding-warning-title">Warning</h2>
      <p>This deletes every guest and their answers. It cannot be undone.</p>
      <div className="wedding-dialog-actions">
        <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          Delete Guests
        </button>
      </div>
    </dialog>
  );
}
