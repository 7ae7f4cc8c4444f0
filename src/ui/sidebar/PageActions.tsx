import type { SideEffect } from '../../core';
import type { PageToolView, PageView } from '../../shared/protocol';
import type { SiteSettings } from '../../shared/settings';
import type { ToolRun } from '../hooks/usePageTools';
import { t } from '../i18n';
import { toolDescription, toolTitle } from '../page-words';
import { ToolForm } from './ToolForm';
import { ToolResultView } from './ToolResultView';

const GRADES: readonly SideEffect[] = ['read', 'write', 'send'];

interface Props {
  tools: PageToolView[];
  page: PageView;
  site: SiteSettings | null;
  runs: Record<string, ToolRun>;
  onRun(tool: PageToolView, input: unknown): void;
}

/**
 * The page's tools in three sections by grade, each saying what its grade means. What sends has
 * no form here: a reply or a note goes from its draft in the chat, which belongs to its ticket.
 */
export function PageActions({ tools, page, site, runs, onRun }: Props) {
  return (
    <>
      {GRADES.map((grade) => {
        const all = tools.filter((tool) => tool.sideEffect === grade);
        const mine = grade === 'send' ? [] : all;
        // A switched-off capability says so; a grade the page simply lacks is left out.
        const has = page.grades?.includes(grade) ?? true;
        const off = has && ((grade === 'write' && site?.write === false) || (grade === 'send' && site?.send === false));
        if (all.length === 0 && !off) return null;
        return (
          <section key={grade} class={`section grade-${grade}`}>
            <h2>
              <span class="dot" aria-hidden="true" />
              {t(`grade_${grade}`)}
            </h2>
            <p class="grade-line">{t(`grade_${grade}_line`)}</p>
            {all.length === 0 && <p class="muted">{t(`grade_${grade}_off`)}</p>}
            {grade === 'send' && all.length > 0 && (
              <p class="muted" data-testid="send-from-chat">
                {t('page_send_from_chat', all.map((tool) => toolTitle(tool, page)).join(', '))}
              </p>
            )}
            {mine.map((tool) => (
              <PageTool key={tool.name} tool={tool} page={page} run={runs[tool.name]} onRun={(input) => onRun(tool, input)} />
            ))}
          </section>
        );
      })}
      {tools.length === 0 && <p class="muted pad">{t('no_tools')}</p>}
    </>
  );
}

/** One tool: its form or button, what it does (when the form does not say), its last result. */
function PageTool({ tool, page, run, onRun }: { tool: PageToolView; page: PageView; run: ToolRun | undefined; onRun(input: unknown): void }) {
  const description = toolDescription(tool, page);
  return (
    <div class="tool" data-testid="page-tool" data-tool={tool.name}>
      <ToolForm tool={tool} title={toolTitle(tool, page)} description={description} busy={run?.busy === true} onRun={onRun} />
      {Object.keys(tool.inputSchema.properties).length === 0 && <p class="tool-desc">{description}</p>}
      {run?.result && <ToolResultView tool={tool} result={run.result} tabId={page.tabId} />}
    </div>
  );
}
