import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_SUPPORTING_FILES } from '@ifu/contracts';
import type { ChangeOrderView, DocumentFileView } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';

import { useApproverEditGuard } from '@/components/ui/approver-edit-warning';
import { LogoBox } from '@/components/ui/logo-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/app-state';

import { useSingleParent } from '../api/change-order';
import { useUpdateParent } from '../api/edit-change-order';
import { useParentLogo } from '../api/parent-logo';
import type { UploadProgress } from '../api/progress-per-file';
import { useOpenDocumentFile } from '../api/use-open-document-file';

import { pendingContent } from './child-document-page';
import { DeleteParentFileDialog } from './delete-parent-file-dialog';
import { fieldGridSx, fullRow, ParentFields, SignedFields } from './document-fields';
import { editParentDefaults, editParentSchema, ownProductDescription, toUpdateParentFormData } from './document-form-values';
import type { EditParentInput, EditParentValues } from './document-form-values';
import { fileSize, SingleFileField, SupportingFilesField } from './file-fields';
import { NotEditable, useEditOutcome } from './signed-edit';
import { UploadStatus } from './upload-progress';

export const CurrentLogo = ({ view }: { view: ChangeOrderView }) => {
  const logo = useParentLogo(view.parentDocumentLogoUrl);
  return <LogoBox src={logo.url} alt={`Logo of ${view.productFamilyName}`} loading={logo.loading} testId="document-current-logo" />;
};

/**
 * The supporting files the change order keeps, each with a link and a delete icon (spec §2.11); a revision
 * lists the rejected change order's the same way, to remove (`action`).
 */
export const KeptFiles = ({ files, onDelete, action = 'Delete' }: { files: readonly DocumentFileView[]; onDelete: (file: DocumentFileView) => void; action?: string }) => {
  const open = useOpenDocumentFile();
  return (
  <Box component="section" aria-labelledby="kept-files-label" sx={{ minWidth: 0 }}>
    <FormLabel id="kept-files-label" sx={{ fontSize: '0.875rem', display: 'block', mb: 0.5 }}>
      Supporting files
    </FormLabel>
    {files.length === 0 ? (
      <Typography variant="body2" color="textSecondary">
        No supporting files.
      </Typography>
    ) : (
      <List dense disablePadding aria-labelledby="kept-files-label" data-testid="kept-files">
        {files.map((file) => (
          <ListItem
            key={file.fileId}
            disableGutters
            data-testid="kept-file"
            secondaryAction={
              <Tooltip title={action}>
                <IconButton aria-label={`${action} ${file.docName}`} onClick={() => onDelete(file)} size="small">
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            }
            sx={{ pr: 6 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <PictureAsPdfOutlined color="error" />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link
                  component="button"
                  type="button"
                  onClick={() => void open(file.fileId)}
                  underline="hover"
                  sx={{ textAlign: 'left', verticalAlign: 'baseline', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {file.docName}
                </Link>
              }
              secondary={fileSize(file.size)}
              slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
              sx={{ minWidth: 0 }}
            />
          </ListItem>
        ))}
      </List>
    )}
  </Box>
  );
};

/**
 * Edit parent (spec §2.11, §5 Edit parent): the supporting files (delete, add up to 4 in all), the logo, the parent's
 * fields, the signer's Username, Password and Comments; Update, then back to the document.
 */
const EditParentForm = ({ view }: { view: ChangeOrderView }) => {
  const kept = view.parentDocumentList.length;
  const signer = useSession()?.email ?? '';
  // The resolver reads the count of kept files as it is when it runs: deleting one makes room for another.
  const keptRef = useRef(kept);
  useEffect(() => {
    keptRef.current = kept;
  }, [kept]);
  const resolver = useMemo<Resolver<EditParentInput, unknown, EditParentValues>>(
    () => (values, context, options) => zodResolver(editParentSchema(keptRef.current))(values, context, options),
    [],
  );
  const { control, handleSubmit, trigger, formState } = useForm<EditParentInput, unknown, EditParentValues>({
    resolver,
    defaultValues: editParentDefaults(view, signer),
  });
  const [deleting, setDeleting] = useState<DocumentFileView | null>(null);
  const update = useUpdateParent({ mutationConfig: useEditOutcome() });
  // The upload's bytes sent, then its processing on the server: said below the form while Update runs.
  const [progress, setProgress] = useState<UploadProgress>();
  // The approver who edits it becomes its last editor and may no longer decide on it: said and confirmed first.
  const approverEdit = useApproverEditGuard([view.approverId], view.editable);
  const onSubmit = handleSubmit((values) =>
    approverEdit.guard(() => {
      setProgress(undefined);
      update.mutate({ data: toUpdateParentFormData(values, view.parentChangeId), version: view.version, onProgress: setProgress });
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit Document" data-testid="edit-parent-form" sx={fieldGridSx}>
        <ParentFields control={control} current={view} productDescription={ownProductDescription(view) !== ''}>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <KeptFiles files={view.parentDocumentList} onDelete={setDeleting} />
            <SupportingFilesField
              control={control}
              name="parentDocuments"
              label="Add files"
              kept={kept}
              max={MAX_SUPPORTING_FILES}
              // A deleted file makes room: the count is checked again.
              onChanged={() => {
                if (formState.isSubmitted) void trigger('parentDocuments');
              }}
            />
          </Stack>
          <SingleFileField
            control={control}
            name="parentLogo"
            label="Document Logo"
            buttonText="Replace Logo"
            kind="logo"
            helperText="PNG, JPEG or WebP, at most 2 MB. Leave it to keep the current logo."
            testId="document-logo-input"
            current={<CurrentLogo view={view} />}
          />
        </ParentFields>
        <SignedFields control={control} meaning="authorship" />
        {approverEdit.warning ? <Box sx={fullRow}>{approverEdit.warning}</Box> : null}
        {update.isPending ? (
          <Box sx={fullRow}>
            <UploadStatus progress={progress} withBar />
          </Box>
        ) : null}
        <Stack direction="row" sx={{ ...fullRow, justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap', pt: 1 }}>
          <Button component={RouterLink} to={paths.app.documents.view.getHref(view.parentChangeId)} color="inherit" disabled={update.isPending}>
            Back
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending} sx={{ minWidth: 120 }} data-testid="edit-parent-submit">
            Update
          </Button>
        </Stack>
      </Box>
      {deleting ? <DeleteParentFileDialog view={view} file={deleting} onClose={() => setDeleting(null)} /> : null}
    </Paper>
  );
};

/** /document/editparent/:docId. */
export const EditParentPage = ({ docId }: { docId: string }) => {
  const parent = useSingleParent({ id: docId });
  const view = parent.data;
  let content = pendingContent(parent, 'Loading document', 10);
  if (content || !view) {
    // The fetch error or the skeleton.
  } else if (!view.editable) {
    content = <NotEditable view={view} />;
  } else {
    // Keyed by the change order, not its version: deleting a file keeps what was typed.
    content = <EditParentForm key={view.parentChangeId} view={view} />;
  }
  return (
    <Page
      title={view ? `Edit Document ${view.documentId}` : 'Edit Document'}
      actions={
        <Button
          component={RouterLink}
          to={view ? paths.app.documents.view.getHref(view.parentChangeId) : paths.app.documents.list.getHref()}
          startIcon={<ArrowBack />}
          variant="outlined"
        >
          Back
        </Button>
      }
    >
      {content}
    </Page>
  );
};
