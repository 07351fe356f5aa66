/** Node's command-line flags for the portal's server process on Node `version` (scripts/node-flags.mjs). */
export declare function portalNodeFlags(version?: string): string[];
