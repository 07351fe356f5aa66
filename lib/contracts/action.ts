import type { z } from 'zod';
import type { AccessRule, CallDef } from './resource';

/**
 * A non-CRUD call: its path and method as the catalogue names them, its input, who may call it, whether it writes
 * (a GET that writes needs the same CSRF proof as a POST), its timeout class, and — for a state change — the
 * transition it makes. blade/ runs a transition in one transaction: lock the record, check its state is one of
 * `from`, set `to`, record who, when, from, to and why in blade_status_history.
 */
export interface ActionDef<I extends z.ZodType = z.ZodType, S extends Sides | undefined = Sides | undefined> {
  /** Names the action in the history and in messages (`${resource}.${name}`), e.g. `finish`. */
  name: string;
  call: CallDef;
  input: I;
  access: AccessRule;
  /**
   * Where the portal's two sides (DOMAIN §0) call it: a customer (a user whose account names a customer company)
   * needs a `customer` code, staff (a user without one) a `staff` code; a side left out is 403. blade/ decides the
   * side in the call's transaction and hands the handler the caller's company (null for staff). Declared with
   * `bySide`, which also makes `access` the codes of either side (checked before the input is read).
   */
  sides?: S;
  writes: boolean;
  /** The envelope's `msg` when the call succeeds, where the spec gives the call its own (更新成功); else 操作成功. */
  success?: string;
  /** `long`: exports, imports and conversions get the long upstream timeout. */
  timeout?: 'default' | 'long';
  transition?: TransitionDef<z.output<I>>;
}

/**
 * A side's code, or codes of which it needs one. `customer: true`: every customer user, whatever its roles (what a
 * customer reads of its own account and company needs no page).
 */
export interface Sides {
  customer?: string | readonly string[] | true;
  staff?: string | readonly string[];
}

/** An action's `sides` and the `access` either side passes, as `bySide` makes them. */
export interface SideRule<S extends Sides = Sides> {
  sides: S;
  access: AccessRule;
}

/**
 * `sides` and the `access` either side passes (the side itself is decided on the caller's row). The sides keep their
 * literal shape, so blade/ types the handler's `company` by them: a string for customer-only, null for staff-only.
 */
export function bySide<const S extends Sides>(sides: S): SideRule<S> {
  // Any customer passes: the codes are then the side's check alone, made once the caller's row is read.
  if (sides.customer === true) return { sides, access: {} };
  return { sides, access: { codes: [sides.customer ?? [], sides.staff ?? []].flat() } };
}

/**
 * The caller's company an action's handler gets for its sides: a customer's always names one, staff's never does.
 * Sides known only as `Sides` may be either.
 */
export type CompanyOfSides<S extends Sides> = S extends { staff: unknown }
  ? S extends { customer: unknown }
    ? string | null
    : null
  : S extends { customer: unknown }
    ? string
    : string | null;

export interface TransitionDef<Input> {
  /** The resource's table and whether its rows are the tenant's (row-level security and the tenant filter apply). */
  table: string;
  ownership: 'tenant' | 'global';
  /** The state column: only transitions write it. */
  column: string;
  from: readonly (string | number)[];
  /** The new state, or the one the input asks for (a state the record already has is refused like one outside `from`). */
  to: string | number | ((input: Input) => string | number);
  /** The record's id in the input. */
  id: (input: Input) => string;
  /** The reason or remark kept with the history row, if the input has one. */
  comment?: (input: Input) => string | undefined;
}

export function defineAction<I extends z.ZodType, S extends Sides | undefined = undefined>(
  def: ActionDef<I, S>,
): ActionDef<I, S> {
  return def;
}
