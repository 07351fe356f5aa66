import { apiLogResource, errorLogResource, usualLogResource } from '../../../lib/contracts/system/log';
import { describeResource } from '../../testing/contract';

// Read-only: the suite writes each row straight into the table (as the request logger does) and reads it back.
const common = (n: number) => ({
  serviceId: `blade-contract-${n}`,
  method: 'GET',
  requestUri: `/blade-contract/${n}`,
  remoteIp: `10.0.0.${n}`,
  createBy: `contract_${n}`,
  createTime: `2026-11-${String(10 + (n % 18)).padStart(2, '0')} 10:00:00`,
});

describeResource(usualLogResource, {
  sample: (n) => ({ ...common(n), logLevel: 'info', logData: `数据 ${n}` }),
});
describeResource(apiLogResource, { sample: (n) => ({ ...common(n), type: '1', title: `接口 ${n}` }) });
describeResource(errorLogResource, {
  sample: (n) => ({ ...common(n), exceptionName: 'java.lang.Error', lineNumber: n, message: `错误 ${n}` }),
});
