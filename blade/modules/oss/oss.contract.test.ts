import { ossResource } from '../../../lib/contracts/system/oss';
import { describeResource } from '../../testing/contract';

// The endpoints pass the outbound rule on save (oss.resource.ts): the suite's blade/ allows the tenants' MinIO by name.
describeResource(ossResource, {
  harness: { outbound: { allowedHosts: ['minio.internal:9000'] } },
  sample: (n) => ({
    category: n % 2 ? 1 : 6,
    ossCode: `contract-oss-${n}`,
    endpoint: 'http://minio.internal:9000',
    accessKey: `AK-${n}`,
    secretKey: `contract-secret-${n}`,
    bucketName: `bucket-${n}`,
    appId: `app-${n}`,
    region: n % 2 ? 'us-east-1' : 'cn-north-1',
    remark: `备注 ${n}`,
  }),
});
