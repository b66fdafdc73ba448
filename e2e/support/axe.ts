import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA rules) on the page or frame once its transitions have ended
 * and fails on any serious or critical violation, naming the rule and the elements. The script is evaluated through
 * the browser's protocol, so the page's strict Content-Security-Policy stays on.
 */
export async function expectAccessible(target: Page | Frame, where: string) {
  // Once nothing moves: a dialog or menu fading in reads as text of too little contrast. Endless
  // animations (a spinner) are left running; past 10 s axe reads the page as it is.
  await target
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await target.evaluate(axeSource);
  const violations = await target.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const report = serious
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n')}`,
      )
      .join('\n');
    throw new Error(`accessibility violations on ${where}:\n${report}`);
  }
  return violations;
}
