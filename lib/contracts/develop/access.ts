import type { AccessRule } from '../resource';

/**
 * Code generation (blade-develop) is the platform administrator's alone: every call needs the role, and names the
 * page's button code as well, so the codes the screens check are the codes the calls check.
 */
export const platformOnly = (code: string): AccessRule => ({ role: 'platform', codes: [code] });

/** The four verbs of a page whose buttons are `<page>_add`, `_edit`, `_delete`. */
export const developAccess = (page: string) => ({
  read: platformOnly(page),
  add: platformOnly(`${page}_add`),
  edit: platformOnly(`${page}_edit`),
  remove: platformOnly(`${page}_delete`),
});

/** The calls of a blade-develop resource: GET list and detail, POST submit and remove. */
export const developCalls = (path: string) =>
  ({
    list: { method: 'GET', path: `/blade-develop/${path}/list` },
    detail: { method: 'GET', path: `/blade-develop/${path}/detail` },
    submit: { method: 'POST', path: `/blade-develop/${path}/submit` },
    remove: { method: 'POST', path: `/blade-develop/${path}/remove` },
  }) as const;

/** Lower-case SQL identifiers: table and column names the generator writes into a migration. */
export const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
/** TypeScript property names. */
export const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Folder and file names of a generated module (kebab-case). */
export const SLUG = /^[a-z][a-z0-9-]{0,40}$/;
