import { ChangeOrderResponse } from '@ifu/contracts';
import type { DeleteParentFileRequest } from '@ifu/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { changeOrderChanged } from './change-order';
import type { UploadProgress } from './progress-per-file';
import { uploadWithProgress } from './upload-with-progress';

/** Every edit names the version the screen showed: a change order changed since is not overwritten (409). */
type Versioned<T> = { data: T; version: number };

/** A multipart edit tells how far its upload is: the bytes sent, then `sent` while the server processes the files. */
type WithProgress = { onProgress?: (progress: UploadProgress) => void };

/**
 * PUT /document/updateParent (multipart): the parent fields, `parantChangeId`, the signer's username, password and
 * comments; a new `parentLogo` and new `parentDocuments` only when chosen. Answers 'Document Updated'.
 */
export const updateParent = ({ data, version, onProgress }: Versioned<FormData> & WithProgress): Promise<ChangeOrderResponse> =>
  uploadWithProgress('/document/updateParent', data, { method: 'PUT', schema: ChangeOrderResponse, headers: ifMatch(version), onProgress });

/**
 * PUT /document/updateSingleChildDocument (multipart): with `childDocumentId` it edits that child ('Child Document
 * Updated'); with `documentParentChangeId` it adds one to that change order, its `childMainDocument` required
 * ('Child Document Added').
 */
export const updateSingleChildDocument = ({ data, version, onProgress }: Versioned<FormData> & WithProgress): Promise<ChangeOrderResponse> =>
  uploadWithProgress('/document/updateSingleChildDocument', data, { method: 'PUT', schema: ChangeOrderResponse, headers: ifMatch(version), onProgress });

/** DELETE /document/deleteParentFileById: one supporting file, signed ('Enter Username and Password'). */
export const deleteParentFile = ({ data, version }: Versioned<z.input<typeof DeleteParentFileRequest>>): Promise<ChangeOrderResponse> =>
  api.delete('/document/deleteParentFileById', data, { schema: ChangeOrderResponse, headers: ifMatch(version) });

const useEdit = <V>(mutationFn: (variables: V) => Promise<ChangeOrderResponse>, mutationConfig?: UseMutationOptions<ChangeOrderResponse, Error, V>) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: async (...args) => {
      await changeOrderChanged(queryClient, args[0].document);
      return onSuccess?.(...args);
    },
  });
};

export const useUpdateParent = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateParent> } = {}) =>
  useEdit(updateParent, mutationConfig);

export const useUpdateSingleChildDocument = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateSingleChildDocument> } = {}) =>
  useEdit(updateSingleChildDocument, mutationConfig);

export const useDeleteParentFile = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteParentFile> } = {}) =>
  useEdit(deleteParentFile, mutationConfig);
