import { customerNameClaimStreamId } from '@ifu/contracts';
import type { UniqueKind } from '../platform/unique-claims';

/** `customer-name-<lowercased name>`: the public URL is built from the name, so names are unique. */
export const customerName: UniqueKind<'CustomerNameClaimed', 'CustomerNameReleased'> = {
  name: 'customer-name',
  streamOf: customerNameClaimStreamId,
  claimedType: 'CustomerNameClaimed',
  releasedType: 'CustomerNameReleased',
  data: (name, customerId) => ({ customerName: name, customerId }),
  ownerKey: 'customerId',
  takenCode: 'customer-name-taken',
};
