// @ts-check
// `npm run lint`. One flat config for the whole repository: ESLint's and typescript-eslint's
// recommended rules everywhere, the Rules of React (react-hooks) in the two React front ends, and
// eslint-plugin-astro for the storefront's .astro files. Formatting is Prettier's (`npm run format`).
import js from "@eslint/js"
import astro from "eslint-plugin-astro"
import reactHooks from "eslint-plugin-react-hooks"
import { defineConfig, globalIgnores } from "eslint/config"
import globals from "globals"
import tseslint from "typescript-eslint"

export default defineConfig([
  globalIgnores([
    // Build outputs, caches and reports.
    "**/node_modules/",
    "**/dist/",
    "**/.medusa/",
    "**/.astro/",
    "**/.data/",
    "**/.tmp/",
    "**/playwright-report/",
    "**/test-results/",
    "bench/tmp/",
  ]),
  {
    name: "enclave/javascript-and-typescript",
    files: ["**/*.{js,mjs,cjs,ts,mts,cts,tsx,astro}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter a signature requires, a rest sibling).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    name: "enclave/react",
    files: ["storefront/src/**/*.{ts,tsx}", "admin/src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    name: "enclave/astro",
    // After the TypeScript block: astro-eslint-parser reads .astro files (and hands their scripts to
    // typescript-eslint's parser), its processor lints each <script> as a virtual .ts file.
    extends: [astro.configs["flat/recommended"]],
  },
])
