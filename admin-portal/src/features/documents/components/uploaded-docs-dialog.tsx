import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

import { IFU_NUMBER } from './change-order-format';
import type { WizardChild } from './document-form-values';
import { viewLocalFile } from './file-fields';

type UploadedDocsDialogProps = {
  saved: readonly WizardChild[];
  /** The saved child being edited, if any. */
  editing: number | null;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  onClose: () => void;
};

/** 'Uploaded Doc' (spec §2.9): the children saved so far with view, edit and delete, or 'No Documents Saved'. */
export const UploadedDocsDialog = ({ saved, editing, onEdit, onDelete, onClose }: UploadedDocsDialogProps) => (
  <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="uploaded-docs-title" data-testid="uploaded-docs-dialog">
    <DialogTitle id="uploaded-docs-title">{DOCUMENT_MESSAGES.uploadedDoc}</DialogTitle>
    <DialogContent dividers>
      {saved.length === 0 ? (
        <Typography color="textSecondary" data-testid="no-documents-saved">
          {DOCUMENT_MESSAGES.noDocumentsSaved}
        </Typography>
      ) : (
        <List disablePadding aria-label="Saved documents">
          {saved.map(({ values, keptFile }, index) => {
            const fileName = values.file?.name ?? keptFile?.docName ?? '';
            const name = `${values.associatedReferenceNumber} (${fileName})`;
            return (
              <ListItem
                key={`${values.associatedReferenceNumber}-${index}`}
                divider={index < saved.length - 1}
                disableGutters
                data-testid="saved-document"
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title="View">
                      <IconButton aria-label={`View ${name}`} onClick={() => values.file && viewLocalFile(values.file)} size="small">
                        <VisibilityOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${name}`} onClick={() => onEdit(index)} size="small">
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${name}`} onClick={() => onDelete(index)} size="small">
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 14 }}
              >
                <ListItemText
                  primary={`${index + 1}. ${IFU_NUMBER} ${values.associatedReferenceNumber}${editing === index ? ' (editing)' : ''}`}
                  secondary={`${values.productSubFamilyNameOne} · ${fileName}`}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </DialogContent>
    <DialogActions sx={{ px: 3, py: 1.5 }}>
      <Button onClick={onClose}>Close</Button>
    </DialogActions>
  </Dialog>
);
