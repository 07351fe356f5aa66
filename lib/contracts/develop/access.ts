import type { AccessRule } from '../resource';

/**
 * Code generation (blade-develop) is the platform administrator's alone: every call needs the role, and names the
 * page's button code as well, so the codes the screens check are the codes the calls check.
 */
export const platformOnly = (code: string): AccessRule => ({ role: 'platform', codes: [code] });

/** Lower-case SQL identifiers: table and column names the generator writes into a migration. */
export const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
/** TypeScript property names. */
export const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Folder and file names of a generated module (kebab-case). */
export const SLUG = /^[a-z][a-z0-9-]{0,40}$/;
