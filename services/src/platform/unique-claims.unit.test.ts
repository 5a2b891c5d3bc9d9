import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/specs';
import { customerName } from '../customers';
import { claimDecider } from './unique-claims';

const spec = deciderSpec(claimDecider(customerName));
const claimed = (customerId: string) => ({ type: 'CustomerNameClaimed', data: { customerName: 'Acme', customerId } });
const released = (customerId: string) => ({ type: 'CustomerNameReleased', data: { customerName: 'Acme', customerId } });

describe('unique claims (customer names)', () => {
  it('when nobody holds the name, then the claim is recorded', () => {
    spec.given().when({ type: 'Claim', value: 'Acme', ownerId: 'c-1', holderGone: false }).then([claimed('c-1')]);
  });

  it('when the claimant holds it already, then nothing changes', () => {
    spec.given(claimed('c-1')).when({ type: 'Claim', value: 'Acme', ownerId: 'c-1', holderGone: false }).thenNothing();
  });

  it('when someone else holds it, then the claim is refused with the kind of claim\'s code', () => {
    spec.given(claimed('c-1')).when({ type: 'Claim', value: 'Acme', ownerId: 'c-2', holderGone: false }).thenRefuses({ code: 'customer-name-taken' });
  });

  it('when the holder was never created (a failed registration), then the name can be claimed again', () => {
    spec.given(claimed('c-1')).when({ type: 'Claim', value: 'Acme', ownerId: 'c-2', holderGone: true }).then([claimed('c-2')]);
  });

  it('when the holder released it, then another can claim it; only the holder can release', () => {
    spec.given(claimed('c-1'), released('c-1')).when({ type: 'Claim', value: 'Acme', ownerId: 'c-2', holderGone: false }).then([claimed('c-2')]);
    spec.given(claimed('c-1')).when({ type: 'Release', value: 'Acme', ownerId: 'c-2' }).thenNothing();
    spec.given(claimed('c-1')).when({ type: 'Release', value: 'Acme', ownerId: 'c-1' }).then([released('c-1')]);
  });
});
