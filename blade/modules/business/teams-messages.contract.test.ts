import { bizMessageResource } from '../../../lib/contracts/business/message';
import { teamResource, teamUserResource } from '../../../lib/contracts/business/team';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { deptIds } from '../../testing/fixtures';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';

// The generated contract suites of teams, team members and business messages; their rules are in teams-messages.test.ts.

/** Enabled users of the platform tenant that nobody logs in as (no usable password), by id. */
async function staff(db: Db, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => nextId());
  await withTenant(db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_user')
      .values(
        ids.map((id, i) => ({
          id,
          tenant_id: PLATFORM,
          account: `${prefix}${i}`,
          password: '-',
          name: `${prefix}${i}`,
          real_name: `员工${i}`,
        })),
      )
      .execute(),
  );
  return ids;
}

describeResource(teamResource, {
  fixtures: async (db) => {
    const [leaderId] = await staff(db, 'lead', 1);
    return { leaderId, deptId: (await deptIds(db, PLATFORM))[0] };
  },
  sample: (n, { leaderId, deptId }) => ({
    teamName: `防爆电机检验组 ${n}`,
    leaderId,
    deptId,
    remark: `备注 ${n}`,
  }),
});

describeResource(teamUserResource, {
  fixtures: async (db) => {
    const users = await staff(db, 'member', 60);
    const teamId = nextId();
    await withTenant(db, PLATFORM, (trx) =>
      trx
        .insertInto('business_team')
        .values({ id: teamId, tenant_id: PLATFORM, team_name: '夹具团队', leader_id: users[0] })
        .execute(),
    );
    return { teamId, users: users.join(',') };
  },
  listParams: ({ teamId }) => ({ teamId }),
  // Each sample another user: a user is a member of a team once.
  sample: (n, { teamId, users }) => ({
    teamId,
    userId: users.split(',')[n % 60],
    teamRole: String((n % 3) + 1),
    remark: `分工 ${n}`,
  }),
});

describeResource(bizMessageResource, {
  fixtures: async (db) => {
    const [first, second] = await staff(db, 'inbox', 2);
    return { recipients: `${first},${second}` };
  },
  sample: (n, { recipients }) => ({
    title: `合同HT-${n}已签订`,
    content: `合同HT-${n}已签订，请安排检验`,
    category: (n % 3) + 1,
    recipientIds: recipients,
  }),
});
