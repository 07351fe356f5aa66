import { Hono } from 'hono';
import { mailEnable, mailSendTest } from '../../../lib/contracts/system/mail.actions';
import { MAIL_ENABLED } from '../../../lib/contracts/system/mail';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { readParams } from '../../core/input';
import { ok } from '../../core/envelope';
import { permit } from '../../core/permission';
import { withTenant } from '../../db/tenant';
import { disableConfigs, enableConfig, findLiveConfig } from '../system/enabled-config.repository';
import type { Mailer, OutgoingMail } from '../../core/context';
import { tenantMailer } from './mailer';

/** The mail server of a tenant: its enabled configuration, else the deployment's SMTP_URL, else none. */
export async function mailerFor(deps: Deps, tenantId: string): Promise<Mailer | undefined> {
  const row = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_mail')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', MAIL_ENABLED)
      .executeTakeFirst(),
  );
  if (!row) return deps.mailer;
  return tenantMailer(row, await deps.outbound.connectAddress(row.host, row.port, 'mailServer'));
}

/**
 * Sends one mail for a tenant; resolves only once the server accepted it. No server → 'verify.mailUnavailable'; a
 * refusal or a broken connection → 'verify.mailFailed' (the reason stays in the server log).
 */
export async function sendMail(deps: Deps, tenantId: string, mail: OutgoingMail): Promise<void> {
  const mailer = await mailerFor(deps, tenantId);
  if (!mailer) throw new KeyedError('verify.mailUnavailable');
  try {
    await mailer.send(mail);
  } catch (err) {
    deps.log(
      `[blade] mail for tenant ${tenantId} not sent: ${err instanceof Error ? err.message : String(err)}`,
    );
    throw new KeyedError('verify.mailFailed');
  } finally {
    if (mailer !== deps.mailer) mailer.close();
  }
}

/** Whether a tenant's mail can go out at all (an enabled configuration or SMTP_URL), without connecting. */
export async function mailConfigured(deps: Deps, tenantId: string): Promise<boolean> {
  if (deps.mailer) return true;
  const row = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_mail')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', MAIL_ENABLED)
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/**
 * What the definition does not say: the port's range, the host passes the outbound rule on save (blade/ connects to
 * it for the tenant, SECURITY 24: by name when ops allow it, else only a public address), the answer says whether a
 * password is stored, and a removed configuration stops being the enabled one.
 */
export function mailHooks(deps: Deps): CrudHooks {
  return {
    present: (row) => ({ passwordSet: row.password !== '' }),
    async beforeWrite(_ctx, values) {
      if (values.port !== undefined && (Number(values.port) < 1 || Number(values.port) > 65535))
        throw new KeyedError('system.mail.portInvalid');
      if (values.secure !== undefined && values.secure !== 0 && values.secure !== 1)
        throw new KeyedError('system.mail.secureInvalid');
      if (values.host !== undefined) {
        values.host = String(values.host).trim().toLowerCase();
        const port = values.port === undefined ? 465 : Number(values.port);
        // Refused now, in words, rather than at the first code a customer waits for.
        await deps.outbound.connectAddress(String(values.host), port, 'mailServer');
      }
    },
    async afterRemove({ trx }, ids) {
      await disableConfigs(trx, 'blade_mail', ids);
    },
  };
}

export function mailActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(mailEnable, async ({ trx, auth, input: { id } }) => {
    if (!(await findLiveConfig(trx, 'blade_mail', auth.tenantId, id))) throw new NotFoundError();
    await enableConfig(trx, 'blade_mail', auth.tenantId, id, auth.userId);
    return null;
  });
  // Not an actionRoute: the SMTP conversation (up to 15 s per step) runs outside any transaction.
  router.on(
    mailSendTest.call.method,
    mailSendTest.call.path,
    permit(deps, mailSendTest.access),
    async (c) => {
      const auth = c.get('auth');
      const { id, to } = mailSendTest.input.parse(await readParams(c));
      const row = await withTenant(deps.db, auth.tenantId, (trx) =>
        findLiveConfig(trx, 'blade_mail', auth.tenantId, id),
      );
      if (!row) throw new NotFoundError();
      const mailer = tenantMailer(row, await deps.outbound.connectAddress(row.host, row.port, 'mailServer'));
      try {
        await mailer.send({
          to,
          subject: '邮件配置测试 / Mail configuration test',
          text: `这是一封测试邮件：邮件配置 ${row.mail_code} 可以发送邮件。\nThis is a test: mail configuration ${row.mail_code} can send mail.\n`,
        });
      } catch (err) {
        deps.log(
          `[blade] test mail through ${row.mail_code} refused: ${err instanceof Error ? err.message : String(err)}`,
        );
        throw new KeyedError('system.mail.sendFailed', {
          reason: err instanceof Error ? err.message.slice(0, 200) : '',
        });
      } finally {
        mailer.close();
      }
      return c.json(ok({}, '发送成功!'));
    },
  );
  return router;
}
