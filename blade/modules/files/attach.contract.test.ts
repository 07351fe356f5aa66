import { randomBytes } from 'node:crypto';
import { attachResource } from '../../../lib/contracts/files/attach';
import { describeResource, insertRow } from '../../testing/contract';

// Files arrive through the upload calls, so the suite writes the stored file's row itself; the attachment calls
// rename, read and remove it.
describeResource(attachResource, {
  sample: (n) => ({ originalName: `报告 ${n}.pdf` }),
  row: (db, sample) => {
    const id = randomBytes(16).toString('hex');
    return insertRow(db, attachResource, sample, {
      id,
      storage: 'local',
      object_key: `contract/${id}`,
      suffix: 'pdf',
      content_type: 'application/pdf',
      size: 1,
      sha256: '',
      is_stamped: 0,
    });
  },
});
