// Node's environment plus PGlite's compiled WebAssembly, shared by every test file that a Jest worker runs.
// Jest evaluates each test file's modules afresh, so each in-memory database would compile PGlite's 9 MB of
// WebAssembly again and optimise it again on the other core; this module is loaded once per worker (outside the
// test files' sandboxes), compiles once, and hands the modules to the harness through a global.
// Jest loads environments with require(), so this file stays CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { TestEnvironment } = require('jest-environment-node');
const { readFileSync } = require('node:fs');
const path = require('node:path');

let shared;
const compiled = () => {
  if (!shared) {
    const dist = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '');
    shared = {
      pgliteWasmModule: new WebAssembly.Module(readFileSync(path.join(dist, 'pglite.wasm'))),
      initdbWasmModule: new WebAssembly.Module(readFileSync(path.join(dist, 'initdb.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  }
  return shared;
};

class ApiEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // PGlite tells a compiled module from bytes with `instanceof WebAssembly.Module`: the sandbox's constructor also
    // recognises this realm's modules (V8 instantiates a module of either realm alike), so the shared ones pass the
    // test and a database that compiles its own module (a data directory on disk) still does.
    const SandboxModule = this.global.WebAssembly.Module;
    const ownInstance = Function.prototype[Symbol.hasInstance];
    Object.defineProperty(SandboxModule, Symbol.hasInstance, {
      value: (value) => ownInstance.call(SandboxModule, value) || value instanceof WebAssembly.Module,
    });
    this.global.__bladePGliteModules = compiled();
  }
}

module.exports = ApiEnvironment;
