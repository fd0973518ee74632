import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The one-way imports of the bulletproof-react layout (decision 0001, 0031): app
// composes features; a feature never imports another feature or the app; lib/ and
// components/ are shared and import neither. Tests are held to the same rules.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layoutZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to @/components or @/lib, or compose them in src/app.',
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app shell; the app imports features.' },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (lib/, components/) imports no feature and not the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'src/lib/api-types.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat['recommended-latest']],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser reads the imported files too, so no-cycle can follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layoutZones }],
    },
  },
);
