import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps role words out of access decisions (eslint.config.js): the project's
 * own configuration for a file, run on snippets with the TypeScript parser.
 */
const RULE = 'no-restricted-syntax';

async function ruleFor(path: string): Promise<Linter.RuleEntry | undefined> {
  const config = (await new ESLint().calculateConfigForFile(path)) as Linter.Config;
  return config.rules?.[RULE];
}

describe('the role-word lint rule', () => {
  let rule: Linter.RuleEntry | undefined;
  const linter = new Linter({ configType: 'flat' });
  const problems = (code: string) =>
    linter
      .verify(code, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { [RULE]: rule! } }], {
        filename: 'server/routes/example.ts',
      })
      .map((problem) => problem.line);

  beforeAll(async () => {
    rule = await ruleFor('server/routes/example.ts');
  });

  it('refuses a role word where it decides access', () => {
    expect(rule).toBeDefined();
    const refused = [
      "if (!roleAtLeast(own, 'admin')) throw forbidden();",
      "const ok = mayGrant(actor, 'write');",
      "const global = def.searchRole === 'root';",
      "const badge = section.access.role !== 'super';",
      "switch (role) { case 'admin': break; }",
      "const policy = { rule: { feature: 'lamp_access', role: 'read' } };",
      "const entry = { writeRole: 'admin' };",
      "function guard(role: Role = 'read') { return role; }",
    ];
    for (const code of refused) expect(problems(code), code).toEqual([1]);
  });

  it('leaves role words as data and unrelated words alone', () => {
    const allowed = [
      "const file = { mode: 'read' };",
      "const grant = { id, type: 'account', role: 'root' };",
      "const initial = { email: '', role: 'read' };",
      "if (can(own, 'users.manage')) grant();",
      "const write = kind === 'write';",
    ];
    for (const code of allowed) expect(problems(code), code).toEqual([]);
  });

  it('is off where the role ladder lives only, and on in the route table', async () => {
    expect(await ruleFor('src/shared/access.ts')).toBeUndefined();
    expect(await ruleFor('src/app/routes/table.ts')).toBeDefined();
    expect(await ruleFor('src/app/shell/search.ts')).toBeDefined();
  });
});
