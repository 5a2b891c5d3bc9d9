import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_MESSAGES, MAX_SUPPORTING_FILES } from '@ifu/contracts';
import type { ChangeOrderView, DocumentFileView, UploadParentResponse } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FolderCopyOutlined from '@mui/icons-material/FolderCopyOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { useTimers } from '@/hooks/use-timers';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useAddDocumentListData } from '../api/add-document-list-data';

import { useChildUpload } from './child-upload';
import { ChildFields, fieldGridSx, fullRow, ParentFields, SignedFields } from './document-fields';
import {
  childStepDefaults,
  childStepInputOf,
  childStepKeepingSchema,
  childStepSchema,
  nextChildDefaults,
  ownProductDescription,
  reviseStartStepSchema,
  signFormDefaults,
  signFormSchema,
  startStepDefaults,
  startStepSchema,
  toAddDocumentListData,
} from './document-form-values';
import type {
  ChildStepInput,
  ChildStepValues,
  SignFormInput,
  SignFormValues,
  StartStepInput,
  StartStepValues,
  WizardChild,
} from './document-form-values';
import { CurrentLogo, KeptFiles } from './edit-parent-page';
import { fileSize, SingleFileField, SupportingFilesField } from './file-fields';
import { PreviewSummary } from './preview-summary';
import { UploadParentDialog } from './upload-parent-dialog';
import { FileProgress, UploadStatus } from './upload-progress';
import { UploadedDocsDialog } from './uploaded-docs-dialog';
import { RevisionBanner } from './revision-links';
import { reviseStartDefaults, toReviseChangeOrderData, wizardChildrenOf } from './revision-values';
import { UnfinishedChildDialog } from './unfinished-child-dialog';

/** After a successful submit the list opens this long later (spec §4, §9). */
export const ADD_REDIRECT_MS = 3_000;

const STEPS = ['Start', 'Change/New', 'Preview'] as const;
type WizardStep = 0 | 1 | 2;

const StepActions = ({ children }: { children: ReactNode }) => (
  <Box sx={{ ...fullRow, display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end', pt: 1 }}>{children}</Box>
);

/** A child whose stored PDF a revision keeps: the child it comes from and the file's name. */
type KeptChildFile = Pick<WizardChild, 'keepFileOf' | 'keptFile'>;
const keptChildFileOf = (child: WizardChild | undefined): KeptChildFile | null =>
  child?.keepFileOf ? { keepFileOf: child.keepFileOf, keptFile: child.keptFile } : null;

/**
 * The Add wizard (spec §2.9, §4): Start (the parent, its files and logo, uploaded with 'Upload All File'), Change/New
 * (one child and its PDF), Preview (the signer, a summary, Submit). 'Add More Document' saves the child and starts the
 * next one with the parent locked; 'Uploaded Doc' lists the saved children to view, edit or delete.
 *
 * `revising` (Revise and resubmit): prefilled from that rejected change order, its rejection reason shown.
 * Its supporting files, logo and each child's PDF are kept (not uploaded again) until removed or replaced; Change/New
 * opens on its last child, the others are in 'Uploaded Doc'.
 *
 * No child is ever dropped: editing a saved one while another is in the form first puts the one in the form into
 * 'Uploaded Doc' (in its place, or last); when it cannot be kept as it is (a field still wrong), the author is asked.
 */
export const AddDocumentWizard = ({ revising }: { revising?: ChangeOrderView } = {}) => {
  const navigate = useNavigate();
  const timers = useTimers();
  const [initialChildren] = useState(() => (revising ? wizardChildrenOf(revising) : []));
  const [step, setStep] = useState<WizardStep>(0);
  const [parent, setParent] = useState<StartStepValues | null>(null);
  const [parentUpload, setParentUpload] = useState<UploadParentResponse | null>(null);
  const [confirmUpload, setConfirmUpload] = useState<{ documents: File[]; logo: File | null } | null>(null);
  /** After 'Add More Document': the parent is fixed (spec §4). */
  const [locked, setLocked] = useState(false);
  const [saved, setSaved] = useState<WizardChild[]>(initialChildren.slice(0, -1));
  /** The child of Change/New and Preview. */
  const [current, setCurrent] = useState<WizardChild | null>(initialChildren.at(-1) ?? null);
  /** A revision's supporting files kept from the rejected change order. */
  const [keptFiles, setKeptFiles] = useState<DocumentFileView[]>(revising?.parentDocumentList ?? []);
  /** The stored PDF the child in the Change/New form keeps (a revision), until another file is chosen. */
  const [formKeeps, setFormKeeps] = useState<KeptChildFile | null>(() => keptChildFileOf(initialChildren.at(-1)));
  // The resolvers read these as they are when they run (a kept file removed makes room for another).
  const keptCount = useRef(keptFiles.length);
  const childKeeps = useRef(formKeeps !== null);
  useEffect(() => {
    keptCount.current = keptFiles.length;
    childKeeps.current = formKeeps !== null;
  }, [keptFiles, formKeeps]);
  const startResolver = useMemo<Resolver<StartStepInput, unknown, StartStepValues>>(
    () => (values, context, options) => zodResolver(revising ? reviseStartStepSchema(keptCount.current) : startStepSchema)(values, context, options),
    [revising],
  );
  const childResolver = useMemo<Resolver<ChildStepInput, unknown, ChildStepValues>>(
    () => (values, context, options) => zodResolver(childKeeps.current ? childStepKeepingSchema : childStepSchema)(values, context, options),
    [],
  );
  /** Which saved child Change/New edits ('Update' in Preview instead of Submit). */
  const [editing, setEditing] = useState<number | null>(null);
  const [listOpen, setListOpen] = useState(false);
  /** Edit was chosen in 'Uploaded Doc' for this saved child while the form's child could not be kept as it is. */
  const [unfinished, setUnfinished] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const signer = useSession()?.email ?? '';

  const startForm = useForm<StartStepInput, unknown, StartStepValues>({
    resolver: startResolver,
    defaultValues: revising ? reviseStartDefaults(revising) : startStepDefaults(),
  });
  const childForm = useForm<ChildStepInput, unknown, ChildStepValues>({
    resolver: childResolver,
    defaultValues: current ? childStepInputOf(current.values) : childStepDefaults(),
  });
  const signForm = useForm<SignFormInput, unknown, SignFormValues>({
    resolver: zodResolver(signFormSchema),
    defaultValues: signFormDefaults(signer),
  });
  const childUpload = useChildUpload();

  const submit = useAddDocumentListData({
    mutationConfig: {
      onSuccess: (response) => {
        setSubmitted(true);
        notify('success', response.message);
        timers.after(ADD_REDIRECT_MS, () => void navigate(paths.app.documents.list.getHref()));
      },
      onError: (error) => notify('error', errorMessage(error, DOCUMENT_MESSAGES.addFailed)),
    },
  });

  // ---- Start

  /** Chosen files changed: what was uploaded no longer matches, so 'Next' waits for a new upload. */
  const filesChanged = () => setParentUpload(null);

  const askUpload = startForm.handleSubmit((values) => {
    if (values.parentLogo || revising) setConfirmUpload({ documents: values.parentDocuments, logo: values.parentLogo });
  });
  // A revision needs an upload only for new parent files: what it keeps is stored already.
  const newParentFiles = startForm.watch('parentDocuments').length > 0 || startForm.watch('parentLogo') !== null;
  const parentReady = parentUpload !== null || (revising !== undefined && !newParentFiles);

  const startNext = locked
    ? () => setStep(1)
    : startForm.handleSubmit((values) => {
        setParent(values);
        setStep(1);
      });

  // ---- Change/New

  const file = childForm.watch('file');
  const uploadChild = async () => {
    if (!(await childForm.trigger('file'))) return;
    const chosen = childForm.getValues('file');
    if (chosen) await childUpload.upload(chosen);
  };

  /** The form's child as the wizard holds it: its PDF uploaded (at once when it is already), or the stored one a revision keeps. */
  const wizardChildOf = async (values: ChildStepValues): Promise<WizardChild | null> => {
    if (!values.file) return formKeeps ? { values, uploadDocumentFileId: '', ...formKeeps } : null;
    const id = await childUpload.upload(values.file);
    return id ? { values, uploadDocumentFileId: id } : null;
  };

  const childNext = childForm.handleSubmit(async (values) => {
    const child = await wizardChildOf(values);
    if (!child) return;
    setCurrent(child);
    setStep(2);
  });

  /** The form's values when they pass the child's rules; otherwise null, each field saying what is wrong. */
  const validChild = () =>
    new Promise<ChildStepValues | null>((resolve) => {
      void childForm.handleSubmit(
        (values) => resolve(values),
        () => resolve(null),
      )();
    });

  // Whether the form holds a child not to lose: a saved one being edited, a revision's, one taken to Preview, one typed in.
  const formDirty = childForm.formState.isDirty;
  const formHoldsChild = editing !== null || formKeeps !== null || current !== null || formDirty;

  /**
   * Puts the form's child into 'Uploaded Doc' (in its place when it is a saved one being edited, last otherwise), so
   * that opening another never discards it. False when it cannot be kept as it is (a field wrong, its upload failed).
   */
  const keepFormChild = async (): Promise<boolean> => {
    if (!formHoldsChild) return true;
    const values = await validChild();
    const child = values && (await wizardChildOf(values));
    if (!child) return false;
    setSaved((list) => (editing === null ? [...list, child] : list.map((kept, index) => (index === editing ? child : kept))));
    return true;
  };

  /** A new child in the form: empty, or after 'Add More Document' with what it shares with the previous one. */
  const startNewChild = (previous?: ChildStepValues) => {
    childForm.reset(previous ? nextChildDefaults(previous) : childStepDefaults());
    childUpload.clear();
    setFormKeeps(null);
    setCurrent(null);
    setEditing(null);
  };

  // ---- Preview

  const children = (): WizardChild[] => {
    if (!current) return saved;
    if (editing === null) return [...saved, current];
    return saved.map((child, index) => (index === editing ? current : child));
  };

  const addMore = () => {
    if (!current || editing !== null) return;
    setSaved([...saved, current]);
    startNewChild(current.values);
    setLocked(true);
    setStep(0);
  };

  const send = signForm.handleSubmit((sign) => {
    if (!parent || !parentReady) return;
    const list = children();
    if (editing !== null) setSaved(list);
    const data = toAddDocumentListData({
      parent,
      sign,
      uploadParentDocumentFileId: parentUpload?.uploadParentDocumentFileId ?? '',
      children: list,
      today: new Date(),
    });
    submit.mutate({
      data: revising ? toReviseChangeOrderData(data, { revises: revising.parentChangeId, keepFileIds: keptFiles.map((file) => file.fileId), children: list }) : data,
    });
  });

  // ---- Uploaded Doc

  /** Opens a saved child in Change/New to edit it ('Update' in Preview). */
  const openSaved = (index: number, child: WizardChild) => {
    childForm.reset(childStepInputOf(child.values));
    if (child.values.file) childUpload.restore(child.values.file, child.uploadDocumentFileId);
    else childUpload.clear();
    setFormKeeps(keptChildFileOf(child));
    setCurrent(child);
    setEditing(index);
    setUnfinished(null);
    setStep(1);
  };

  const editSaved = async (index: number) => {
    const child = saved[index];
    setListOpen(false);
    if (!child) return;
    if (index === editing) {
      setStep(1);
      return;
    }
    if (await keepFormChild()) {
      openSaved(index, child);
    } else {
      // Shown in Change/New with what is wrong, and asked about.
      setStep(1);
      setUnfinished(index);
    }
  };

  const deleteSaved = (index: number) => {
    setSaved(saved.filter((_, at) => at !== index));
    if (editing === index) {
      startNewChild();
      if (step === 2) setStep(1);
    } else if (editing !== null && editing > index) {
      setEditing(editing - 1);
    }
  };

  const busy = submit.isPending || submitted;
  const parentDisabled = locked;

  return (
    <Box>
      {revising ? <RevisionBanner view={revising} /> : null}
      {/* 'Uploaded Doc' sits beside the steps (below them on a phone), in the page's flow: floating over the step it
          covered the Justification field and Next while the page scrolled. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mb: 3 }}>
        <Stepper activeStep={step} alternativeLabel sx={{ flex: '1 1 320px', minWidth: 0 }} aria-label="Steps">
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Fab variant="extended" color="secondary" onClick={() => setListOpen(true)} sx={{ flex: 'none', zIndex: 'auto' }} data-testid="uploaded-doc-button">
          <Badge
            badgeContent={saved.length}
            showZero
            color="primary"
            sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            data-testid="uploaded-doc-count"
          >
            <FolderCopyOutlined />
          </Badge>
          {DOCUMENT_MESSAGES.uploadedDoc}
        </Fab>
      </Box>

      {step === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="Start" data-testid="wizard-start" sx={fieldGridSx}>
            {locked ? (
              <Alert severity="info" sx={fullRow} data-testid="parent-locked">
                The document details are kept for the next child document.
              </Alert>
            ) : null}
            <ParentFields control={startForm.control} disabled={parentDisabled} productDescription={revising ? ownProductDescription(revising) !== '' : false}>
              <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
                {revising ? (
                  <KeptFiles files={keptFiles} action="Remove" onDelete={(file) => setKeptFiles(keptFiles.filter((kept) => kept.fileId !== file.fileId))} />
                ) : null}
                <SupportingFilesField
                  control={startForm.control}
                  name="parentDocuments"
                  label={revising ? 'Add files' : 'Files'}
                  kept={keptFiles.length}
                  max={MAX_SUPPORTING_FILES}
                  disabled={parentDisabled}
                  onChanged={filesChanged}
                />
              </Box>
              <SingleFileField
                control={startForm.control}
                name="parentLogo"
                label="Document Logo"
                buttonText={revising ? 'Replace Logo' : undefined}
                kind="logo"
                helperText={revising ? 'PNG, JPEG or WebP, at most 2 MB. Leave it to keep the current logo.' : 'PNG, JPEG or WebP, at most 2 MB.'}
                testId="document-logo-input"
                disabled={parentDisabled}
                onChanged={filesChanged}
                current={revising ? <CurrentLogo view={revising} /> : undefined}
              />
            </ParentFields>
            <StepActions>
              <Button component={RouterLink} to={paths.app.documents.list.getHref()} startIcon={<ArrowBack />} color="inherit">
                Back
              </Button>
              {parentUpload ? (
                <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mr: 'auto' }} data-testid="parent-uploaded">
                  <CheckCircleOutline fontSize="small" /> {DOCUMENT_MESSAGES.uploadedSuccessfully}
                </Typography>
              ) : parentReady ? null : (
                <Button variant="outlined" startIcon={<CloudUploadOutlined />} onClick={() => void askUpload()}>
                  {DOCUMENT_MESSAGES.uploadAllFile}
                </Button>
              )}
              {parentReady && !confirmUpload ? (
                <Button variant="contained" endIcon={<ArrowForward />} onClick={() => void startNext()}>
                  Next
                </Button>
              ) : null}
            </StepActions>
          </Box>
        </Paper>
      ) : null}

      {step === 1 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void childNext(); }} aria-label="Change/New" data-testid="wizard-child" sx={fieldGridSx}>
            <ChildFields control={childForm.control} />
            <Box sx={fullRow}>
              <SingleFileField
                control={childForm.control}
                name="file"
                label="Upload doc"
                kind="pdf"
                testId="child-document-input"
                onChanged={() => childUpload.clear()}
                helperText={
                  formKeeps?.keptFile && !file
                    ? `Keeps ${formKeeps.keptFile.docName} (${fileSize(formKeeps.keptFile.size)}) of the rejected document; choose a file to replace it.`
                    : 'One PDF file.'
                }
                action={
                  <Button
                    variant="outlined"
                    startIcon={<CloudUploadOutlined />}
                    onClick={() => void uploadChild()}
                    loading={childUpload.state?.uploading}
                    disabled={Boolean(file && childUpload.state?.file === file && childUpload.state.id)}
                  >
                    {DOCUMENT_MESSAGES.uploadFile}
                  </Button>
                }
                below={
                  childUpload.state ? (
                    <Box sx={{ mt: 1.5 }}>
                      <FileProgress name={childUpload.state.file.name} percent={childUpload.state.percent} failed={Boolean(childUpload.state.error)} />
                      {childUpload.state.uploading ? (
                        <Box sx={{ mt: 1 }}>
                          <UploadStatus progress={childUpload.state.progress} />
                        </Box>
                      ) : null}
                      {childUpload.state.message ? (
                        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }} data-testid="child-upload-result">
                          {childUpload.state.message}
                        </Typography>
                      ) : null}
                      {childUpload.state.error ? (
                        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }} data-testid="child-upload-result">
                          {childUpload.state.error}
                        </Typography>
                      ) : null}
                    </Box>
                  ) : null
                }
              />
            </Box>
            <StepActions>
              <Button onClick={() => setStep(0)} startIcon={<ArrowBack />} color="inherit">
                Back
              </Button>
              <Button type="submit" variant="contained" endIcon={<ArrowForward />} loading={childForm.formState.isSubmitting}>
                Next
              </Button>
            </StepActions>
          </Box>
        </Paper>
      ) : null}

      {step === 2 && parent && current ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }} aria-label="Preview" data-testid="wizard-preview" sx={fieldGridSx}>
              <SignedFields control={signForm.control} meaning="authorship" />
              <StepActions>
                <Button onClick={() => setStep(1)} startIcon={<ArrowBack />} color="inherit" disabled={busy}>
                  Back
                </Button>
                {editing === null ? (
                  <Button variant="outlined" onClick={addMore} disabled={busy}>
                    {DOCUMENT_MESSAGES.addMoreDocument}
                  </Button>
                ) : null}
                <Button type="submit" variant="contained" loading={submit.isPending} disabled={submitted} data-testid="wizard-submit">
                  {editing === null ? 'Submit' : 'Update'}
                </Button>
              </StepActions>
            </Box>
          </Paper>
          <PreviewSummary
            parent={parent}
            documents={children().map((child) => child.values)}
            currentIndex={editing ?? saved.length}
            kept={revising ? { files: keptFiles.map((f) => f.docName), logo: 'Current logo', children: children().map((child) => child.keptFile?.docName) } : undefined}
          />
        </Box>
      ) : null}

      {confirmUpload ? (
        <UploadParentDialog
          documents={confirmUpload.documents}
          logo={confirmUpload.logo}
          onUploaded={setParentUpload}
          onClose={() => setConfirmUpload(null)}
        />
      ) : null}
      {listOpen ? (
        <UploadedDocsDialog saved={saved} editing={editing} onEdit={(index) => void editSaved(index)} onDelete={deleteSaved} onClose={() => setListOpen(false)} />
      ) : null}
      {unfinished !== null && saved[unfinished] ? (
        <UnfinishedChildDialog
          inForm={editing === null ? null : (saved[editing]?.values.associatedReferenceNumber ?? null)}
          next={saved[unfinished].values.associatedReferenceNumber}
          onFinish={() => setUnfinished(null)}
          onDiscard={() => openSaved(unfinished, saved[unfinished]!)}
        />
      ) : null}
    </Box>
  );
};
