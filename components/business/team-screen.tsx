'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { teamResource, teamUserResource } from '@/lib/contracts/business/team';
import { withAnswered } from './screen-helpers';
import { UserPicker } from './user-picker';

const teamScreen = withAnswered(teamResource, {
  leaderName: 'business.team.leaderName',
  deptName: 'business.team.deptName',
  memberCount: 'business.team.memberCount',
});
const memberScreen = withAnswered(teamUserResource, {
  userName: 'business.teamUser.userName',
  realName: 'business.teamUser.realName',
});
type Team = RowOf<typeof teamScreen>;
type Member = RowOf<typeof memberScreen>;

/**
 * The members of one team (listTeamUser requires its teamId): the team is fixed, the user picked by name, the role
 * from `team_role`. Writes need the team_user_* buttons; changes move the team's member count.
 */
export function TeamMembers({
  team,
  onChanged,
}: {
  team: { id: string; teamName: string };
  onChanged: () => void;
}) {
  const t = useTranslations();
  const opened = useRef<Member | null>(null);
  const params = useMemo(() => ({ teamId: team.id }), [team.id]);
  return (
    <ResourceScreen
      def={memberScreen}
      fields={{
        teamId: false,
        userId: {
          kind: 'custom',
          render: (props) => (
            <UserPicker
              {...props}
              label={t(teamUserResource.fields.userId.label)}
              known={
                opened.current
                  ? { [String(opened.current.userId)]: opened.current.realName || opened.current.userName }
                  : undefined
              }
            />
          ),
        },
      }}
      columns={{
        realName: { sortable: false },
        userName: { sortable: false },
        teamRole: { flex: 0, width: 110, minWidth: 110 },
      }}
      order={{ form: ['userId', 'teamRole'], list: ['realName', 'userName', 'teamRole', 'remark'] }}
      overrides={{
        params,
        // The list's only filter a person would use is the team, which is fixed here.
        searchFields: [],
        onAddValues: () => ({ teamId: team.id }),
        toBody: (values) => ({ ...values, teamId: team.id }),
        toForm: (row) => {
          opened.current = row;
          return { ...row };
        },
        onSaved: onChanged,
        height: 420,
      }}
    />
  );
}

/** /administration/team: teams (leader picked by name) and, below the grid, the members of the team chosen. */
const TEAM_LIST = proxied(teamResource.calls.list);

export function TeamScreen() {
  const t = useTranslations();
  const tp = useTranslations('partyScreens');
  const { mutate } = useSWRConfig();
  const opened = useRef<Team | null>(null);
  const [members, setMembers] = useState<Team | null>(null);
  const reloadTeams = () => mutate((key) => Array.isArray(key) && key[0] === TEAM_LIST);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ResourceScreen
        def={teamScreen}
        fields={{
          // The department picker's tree (blade-system/dept/tree) is not open to the team page's rights; the
          // department stays what it is on an edit (sent back unchanged) and is shown in the grid.
          deptId: false,
          leaderId: {
            kind: 'custom',
            render: (props) => (
              <UserPicker
                {...props}
                label={t(teamResource.fields.leaderId.label)}
                known={
                  opened.current
                    ? { [String(opened.current.leaderId)]: opened.current.leaderName }
                    : undefined
                }
              />
            ),
          },
        }}
        columns={{
          leaderName: { sortable: false },
          deptName: { sortable: false },
          memberCount: { sortable: false, flex: 0, width: 100, minWidth: 100 },
        }}
        order={{
          form: ['teamName', 'leaderId'],
          list: ['teamName', 'leaderName', 'deptName', 'memberCount'],
        }}
        overrides={{
          toForm: (row) => {
            opened.current = row;
            return { ...row };
          },
          onSaved: ({ action }) => {
            // A deleted team takes its members with it: close its panel.
            if (action === 'delete') setMembers(null);
          },
          onRowClick: (row) => setMembers(row),
          currentRowId: members?.id,
          rowActions: [{ label: tp('members'), onClick: (row) => setMembers(row) }],
        }}
      />
      {members && (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-label={tp('membersOf', { name: members.teamName })}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="h2" variant="subtitle1">
              {tp('membersOf', { name: members.teamName })}
            </Typography>
            <Button size="small" onClick={() => setMembers(null)}>
              {t('crud.close')}
            </Button>
          </Box>
          <TeamMembers key={members.id} team={members} onChanged={() => void reloadTeams()} />
        </Paper>
      )}
    </Box>
  );
}
