import type { CustomerEvent } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import type { Projection } from '../projection';

export const customerListProjection: Projection = {
  name: 'customer-list',
  tables: ['customer_list'],
  handles: new Set<CustomerEvent['type']>(['CustomerRegistered', 'CustomerUpdated', 'CustomerLogoChanged', 'CustomerApproved', 'CustomerRejected']),
  async apply(tx: Queryable, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as CustomerEvent;
    const version = recorded.streamVersion;
    switch (event.type) {
      case 'CustomerRegistered': {
        const d = event.data;
        await tx.query(
          `INSERT INTO customer_list (id, customer_name, contact_email, contact_information, country_exclusion_list,
                                      customer_website_link, approver_id, logo_sha256, logo_content_type, status,
                                      created_at, stream_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'REQUIRE_APPROVAL', $10, $11)
           ON CONFLICT (id) DO NOTHING`,
          [d.customerId, d.customerName, d.contactEmail, d.contactInformation, d.countryExclusionList, d.customerWebsiteLink,
            d.approverId, d.logo.sha256, d.logo.contentType, recorded.recordedAt, version],
        );
        return;
      }
      case 'CustomerUpdated': {
        const d = event.data;
        await tx.query(
          `UPDATE customer_list SET customer_name = $2, contact_email = $3, contact_information = $4,
                  country_exclusion_list = $5, customer_website_link = $6, approver_id = $7, stream_version = $8
            WHERE id = $1 AND stream_version < $8`,
          [d.customerId, d.customerName, d.contactEmail, d.contactInformation, d.countryExclusionList, d.customerWebsiteLink, d.approverId, version],
        );
        return;
      }
      case 'CustomerLogoChanged':
        await tx.query(
          'UPDATE customer_list SET logo_sha256 = $2, logo_content_type = $3, stream_version = $4 WHERE id = $1 AND stream_version < $4',
          [event.data.customerId, event.data.logo.sha256, event.data.logo.contentType, version],
        );
        return;
      case 'CustomerApproved':
        await tx.query(
          `UPDATE customer_list SET status = 'APPROVED', approved_date = $2, decision_signature = $3, decision_reason = NULL,
                  stream_version = $4
            WHERE id = $1 AND stream_version < $4`,
          [event.data.customerId, event.data.approvedDate, JSON.stringify(event.data.signature), version],
        );
        return;
      case 'CustomerRejected':
        await tx.query(
          `UPDATE customer_list SET status = 'REJECTED', decision_signature = $2, decision_reason = $3, stream_version = $4
            WHERE id = $1 AND stream_version < $4`,
          [event.data.customerId, JSON.stringify(event.data.signature), event.data.reason, version],
        );
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};
