// ESLint flat config: typescript-eslint (not type-aware, to keep `npm run lint` fast), React hooks
// rules for the app, and the import boundaries:
//   app → core, server → core, cli → core, core → db; db imports nothing of ours; widget imports nothing of ours but
//   the pure locale table (core/i18n/locales.ts), so that it matches locales as the app does.
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { CORE_BASE, CORE_DOMAINS, coreDomainOf } from "./core/boundaries.ts";

/**
 * `no-restricted-imports` pattern: a relative import climbing into one of our top folders
 * ("../../server/app.ts"). Only relative paths: "react-dom/server" is a package, not our server/.
 */
const into = (folder, message, extra = {}) => ({
  regex: `^(\\.\\./)+${folder}(/|$)`,
  message,
  ...extra,
});

/** `no-restricted-imports` pattern for packages (and their subpaths), types included. */
const pkg = (group, message) => ({ group, message });

const restrict = (...patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

/**
 * `widget/` is its own artifact and speaks HTTP only: a relative import must resolve inside widget/, or be
 * one of the `allow`ed files (paths from the repository root: pure modules that import nothing).
 * (Depth-independent, which glob patterns cannot be.)
 */
const staysInside = {
  meta: {
    type: "problem",
    docs: { description: "Relative imports must resolve inside the given folder" },
    schema: [
      {
        type: "object",
        properties: { folder: { type: "string" }, allow: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "{{folder}}/ imports nothing of ours outside {{folder}}/ (it speaks HTTP): '{{source}}'.",
    },
  },
  create(context) {
    const folder = context.options[0]?.folder ?? "widget";
    const root = path.join(context.cwd, folder) + path.sep;
    const allowed = new Set((context.options[0]?.allow ?? []).map((file) => path.join(context.cwd, file)));
    const check = (node) => {
      const source = node?.type === "Literal" && typeof node.value === "string" ? node.value : undefined;
      if (!source || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(context.filename), source);
      if (!(target + path.sep).startsWith(root) && !allowed.has(target)) {
        context.report({ node, messageId: "outside", data: { folder, source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * core/ domains import each other only as CORE_DOMAINS says, and never another domain's internals: a file in
 * a folder below the domain's own (core/ingest/adapters/…, core/api/showtimes/…) is for that domain alone.
 * core's own files (core/services.ts: the composition of every domain) are not checked.
 */
const coreBoundaries = {
  meta: {
    type: "problem",
    docs: {
      description: "core/ domains import only the domains they declare, and no other domain's internals",
    },
    schema: [],
    messages: {
      unknown:
        "core/{{from}} is not a domain in CORE_DOMAINS (core/boundaries.ts): add it with what it imports.",
      undeclared:
        "core/{{from}} may not import core/{{to}}: CORE_DOMAINS (core/boundaries.ts) does not list it. Move the code, or declare the dependency.",
      internal:
        "'{{source}}' is inside core/{{to}}'s own folders: import core/{{to}}'s top-level files, not its internals.",
    },
  },
  create(context) {
    const core = path.join(context.cwd, "core") + path.sep;
    const domainOf = (file) =>
      file.startsWith(core) ? coreDomainOf(file.slice(core.length).split(path.sep).join("/")) : null;
    const from = domainOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node?.type === "Literal" && typeof node.value === "string" ? node.value : undefined;
      if (!source || !source.startsWith(".")) return;
      const to = domainOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to.name === from.name || CORE_BASE.includes(to.name)) return;
      if (!(from.name in CORE_DOMAINS) && !CORE_BASE.includes(from.name)) {
        context.report({ node, messageId: "unknown", data: { from: from.name } });
      } else if (!(CORE_DOMAINS[from.name] ?? []).includes(to.name)) {
        context.report({ node, messageId: "undeclared", data: { from: from.name, to: to.name } });
      } else if (to.internal) {
        context.report({ node, messageId: "internal", data: { source, to: to.name } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** What app/ may not import: server/ (types aside), db/ and drizzle-orm (types included). */
const APP_IMPORTS = [
  into("server", "app/ must not import server/ (app → core only); `import type` is allowed.", {
    allowTypeImports: true,
  }),
  into(
    "db",
    "app/ must not import db/: go through a core/ function and the types core exports (app → core).",
  ),
  pkg(
    ["drizzle-orm", "drizzle-orm/*"],
    "app/ must not use drizzle-orm: queries live in core/ operations (app → core).",
  ),
];

export default defineConfig([
  globalIgnores([
    "build/",
    ".react-router/",
    "node_modules/",
    ".data/",
    "scratch/",
    "playwright-report/",
    "test-results/",
    "bench/results/",
    "db/migrations/",
  ]),

  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { reeltime: { rules: { "stays-inside": staysInside, "core-boundaries": coreBoundaries } } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": [
        "error",
        {
          "ts-ignore": true,
          "ts-nocheck": true,
          "ts-check": false,
          "ts-expect-error": "allow-with-description",
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },

  // ---- the browser-facing code ---------------------------------------------------------------
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["widget/**/*.{js,ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },

  // ---- import boundaries ---------------------------------------------------------------------
  {
    files: ["core/**/*.{ts,tsx}"],
    rules: {
      "reeltime/core-boundaries": "error",
      ...restrict(
        into("app", "core/ must not import app/: the domain knows nothing of React (app → core)."),
        into("server", "core/ must not import server/: the domain knows nothing of HTTP (server → core)."),
        pkg(
          ["react", "react-dom", "react-router", "@react-router/*", "hono", "@hono/*"],
          "core/ is the domain: no React, React Router or Hono (it is called by app/ and server/).",
        ),
      ),
    },
  },
  {
    files: ["db/**/*.{ts,tsx}"],
    rules: restrict(
      into("core", "db/ imports nothing of ours (core → db, never back)."),
      into("app", "db/ imports nothing of ours."),
      into("server", "db/ imports nothing of ours."),
    ),
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      ...restrict(...APP_IMPORTS),
      // Loaders and actions call core operations; only core touches the database handle.
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.type='Identifier'][property.name='db']",
          message: "app/ does not touch the database handle: pass `services` to a core/ operation.",
        },
      ],
    },
  },
  {
    // Server modules of routes read requests and call core; UI component files are for the browser.
    files: ["app/**/*.server.{ts,tsx}"],
    rules: {
      ...restrict(
        ...APP_IMPORTS,
        into(
          "components",
          "Server code does not import UI component files: move shared parsing or validation to app/lib/ or core/.",
          {
            allowTypeImports: true,
          },
        ),
      ),
    },
  },
  {
    files: ["cli/**/*.{ts,tsx}"],
    rules: restrict(
      into("app", "cli/ is an operator's tool over core: it does not import app/ (cli → core)."),
      into("server", "cli/ does not import server/: it calls core/ operations directly (cli → core)."),
    ),
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: restrict(into("app", "server/ must not import app/ modules: use the React Router build instead.")),
  },
  {
    files: ["widget/**/*.{js,ts,tsx}"],
    rules: { "reeltime/stays-inside": ["error", { folder: "widget", allow: ["core/i18n/locales.ts"] }] },
  },

  // ---- tests ---------------------------------------------------------------------------------
  // The boundaries guard production code; a test beside a module may drive it through the whole
  // stack (an app/ loader test building the server's Hono app, a core/ test seeding with db/seed).
  {
    files: ["**/*.test.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": "off",
      "no-restricted-syntax": "off",
      "reeltime/core-boundaries": "off",
    },
  },
]);
