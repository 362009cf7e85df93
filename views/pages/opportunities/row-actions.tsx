import { Button } from 'primereact/button';

interface Props {
  /** Whether this row is the reader's to change; a row that is not keeps the cell, empty, so columns line up. */
  editable: boolean;
  /** A command of the panel is on its way: nothing more is sent until it is answered. */
  busy: boolean;
  /** False while the row's inputs hold nothing worth saving (empty, or as saved). */
  canSave?: boolean;
  saveLabel: string;
  removeLabel: string;
  onSave: () => void;
  /** The panel decides whether a removal asks first. */
  onRemove: () => void;
}

/** The last cell of a row in a deal's editable lists: save what the row's inputs hold, or remove the row. */
export function RowActions(props: Props) {
  return (
    <td>
      {props.editable && (
        <>
          <Button
            type="button"
            text
            label={props.saveLabel}
            disabled={props.busy || props.canSave === false}
            onClick={props.onSave}
          />
          <Button
            type="button"
            text
            severity="danger"
            label={props.removeLabel}
            disabled={props.busy}
            onClick={props.onRemove}
          />
        </>
      )}
    </td>
  );
}
