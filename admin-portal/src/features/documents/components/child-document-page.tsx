import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView, ChildDocumentView } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';

import { useApproverEditGuard } from '@/components/ui/approver-edit-warning';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useChangeOrder } from '../api/change-order';
import { useUpdateSingleChildDocument } from '../api/edit-change-order';
import type { UploadProgress } from '../api/progress-per-file';

import { ChildFields, fieldGridSx, fullRow, SignedFields } from './document-fields';
import { childPageDefaults, childPageSchema, toUpdateChildFormData } from './document-form-values';
import type { ChildPageInput, ChildPageValues } from './document-form-values';
import { fileSize } from './file-fields';
import { SingleFileField } from './file-fields';
import { NotEditable, useEditOutcome } from './signed-edit';
import { UploadStatus } from './upload-progress';

export type ChildPageMode = { kind: 'edit'; childDocumentId: string } | { kind: 'add'; parentChangeId: string };

const backHref = (view?: ChangeOrderView) =>
  view ? paths.app.documents.view.getHref(view.parentChangeId) : paths.app.documents.list.getHref();

const BackLink = ({ view }: { view?: ChangeOrderView }) => (
  <Button component={RouterLink} to={backHref(view)} startIcon={<ArrowBack />} variant="outlined">
    Back
  </Button>
);

export const FormSkeleton = ({ label, rows = 6 }: { label: string; rows?: number }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy="true" aria-label={label}>
    <Box sx={fieldGridSx}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} />
      ))}
    </Box>
  </Paper>
);

/**
 * What a document page shows before its data is there: the fetch error, or a skeleton of the form while it loads.
 * Undefined once the data has loaded.
 */
export const pendingContent = (query: { isError: boolean; error: unknown; data?: unknown }, label: string, rows?: number) => {
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(query.error, DOCUMENT_MESSAGES.fetchFailed)}
      </Alert>
    );
  }
  return query.data ? undefined : <FormSkeleton label={label} rows={rows} />;
};

type ChildDocumentFormProps = { view: ChangeOrderView; child?: ChildDocumentView };

/**
 * Edit child and Add child (spec §2.10, §5): IFU Number, Part Number, Bill of Material, Country, Language, keywords,
 * descriptions, Upload doc (needed when adding), the signer's Username, Password and Comments; Add or Update.
 */
const ChildDocumentForm = ({ view, child }: ChildDocumentFormProps) => {
  const adding = child === undefined;
  const schema = useMemo(() => childPageSchema({ adding }), [adding]);
  const signer = useSession()?.email ?? '';
  const { control, handleSubmit } = useForm<ChildPageInput, unknown, ChildPageValues>({
    resolver: zodResolver(schema),
    defaultValues: childPageDefaults(child, signer),
  });
  const save = useUpdateSingleChildDocument({ mutationConfig: useEditOutcome() });
  // The upload's bytes sent, then its processing on the server: said below the form while Add or Update runs.
  const [progress, setProgress] = useState<UploadProgress>();
  // The approver who edits it becomes its last editor and may no longer decide on it: said and confirmed first.
  const approverEdit = useApproverEditGuard([view.approverId], view.editable);
  const onSubmit = handleSubmit((values) =>
    approverEdit.guard(() => {
      setProgress(undefined);
      save.mutate({
        data: toUpdateChildFormData(values, child ? { childDocumentId: child.childDocumentId } : { documentParentChangeId: view.parentChangeId }),
        version: view.version,
        onProgress: setProgress,
      });
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2.5 }} data-testid="child-page-context">
        {view.documentId} · {view.productFamilyName}
        {child ? ` · ${child.documentNumber}` : ''}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={adding ? 'Add Child Document' : 'Edit Child Document'}
        data-testid="child-document-form"
        sx={fieldGridSx}
      >
        <ChildFields control={control} />
        <Box sx={fullRow}>
          <SingleFileField
            control={control}
            name="file"
            label="Upload doc"
            kind="pdf"
            testId="child-document-input"
            helperText={child ? `Current file: ${child.docName} (${fileSize(child.size)}). Choose a PDF to replace it.` : 'One PDF file.'}
          />
        </Box>
        <SignedFields control={control} meaning={adding ? 'authorship' : 'modification'} />
        {approverEdit.warning ? <Box sx={fullRow}>{approverEdit.warning}</Box> : null}
        {save.isPending ? (
          <Box sx={fullRow}>
            <UploadStatus progress={progress} withBar />
          </Box>
        ) : null}
        <Stack direction="row" sx={{ ...fullRow, justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap', pt: 1 }}>
          <Button component={RouterLink} to={backHref(view)} color="inherit" disabled={save.isPending}>
            Back
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} sx={{ minWidth: 120 }} data-testid="child-document-submit">
            {adding ? 'Add' : 'Update'}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
};

/** /document/editchild/:editId and /document/:crid/addchild: the change order is loaded by either id. */
export const ChildDocumentPage = ({ mode }: { mode: ChildPageMode }) => {
  const id = mode.kind === 'edit' ? mode.childDocumentId : mode.parentChangeId;
  const changeOrder = useChangeOrder({ id });
  const view = changeOrder.data;
  const child = mode.kind === 'edit' ? view?.children.find((c) => c.childDocumentId === mode.childDocumentId) : undefined;
  const title = mode.kind === 'edit' ? 'Edit Child Document' : 'Add Child Document';

  let content = pendingContent(changeOrder, 'Loading document');
  if (content || !view) {
    // The fetch error or the skeleton.
  } else if (mode.kind === 'edit' && !child) {
    content = (
      <Alert severity="error" role="alert">
        {DOCUMENT_MESSAGES.fetchFailed}
      </Alert>
    );
  } else if (!view.editable) {
    content = <NotEditable view={view} />;
  } else {
    content = <ChildDocumentForm key={`${view.parentChangeId}-${child?.childDocumentId ?? 'new'}`} view={view} child={child} />;
  }

  return (
    <Page title={title} actions={<BackLink view={view} />}>
      {content}
    </Page>
  );
};
