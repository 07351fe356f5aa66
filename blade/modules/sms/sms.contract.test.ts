import { smsResource } from '../../../lib/contracts/system/sms';
import { describeResource } from '../../testing/contract';

// The generated contract suite: round trip, required texts, lengths, the write-only secret, the unique code, 403
// without each right, 404 for another tenant's ids, the sort allowlist, the size clamp and all-or-nothing removal.
// The business rules (enable, send, vendors) are in sms.test.ts and sms.vendors.test.ts.
describeResource(smsResource, {
  sample: (n) => ({
    category: n % 2 ? 3 : 1,
    smsCode: `contract-${n}`,
    templateId: `SMS_${n}`,
    accessKey: `ak-${n}`,
    secretKey: `contract-secret-${n}`,
    signName: `签名${n}`,
    regionId: `region-${n}`,
    appId: '',
    endpoint: '',
    remark: `说明 ${n}`,
  }),
});
