import { datasourceResource } from '../../../lib/contracts/develop/datasource';
import { describeResource } from '../../testing/contract';

describeResource(datasourceResource, {
  sample: (n) => ({
    name: `数据源 ${n}`,
    driverClass: 'org.postgresql.Driver',
    url: `jdbc:postgresql://db:5432/blade_${n}`,
    username: `user${n}`,
    password: `ds-secret-${n}-x`,
    remark: `备注 ${n}`,
  }),
});
