import axe from 'axe-core';

/**
 * The serious and critical problems axe finds in the rendered page, as `rule: element` lines (empty when
 * none). Colour contrast needs layout, which jsdom has not: the browser journeys check that.
 */
export async function seriousAxeProblems(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.html}`);
}
