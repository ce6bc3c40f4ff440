import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  checkWorkbenchAigc,
  checkWorkbenchRecheck,
  checkWorkbenchRedo,
  checkWorkbenchUndo,
  getCheckWorkbenchLoadQueryKey,
  useCheckReportParagraphs,
  useCheckWorkbenchLoad,
} from '@/api/gen/check/check';
import type { ReportParagraph, Workbench, WorkbenchAigcParagraph, WorkbenchEstimate, WorkbenchParagraph, WorkbenchRecheckBodyKind } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';

/** About this long after typing stops, the edited paragraph is re-checked (the 300 ms). */
export const RECHECK_DELAY_MS = 300;

export interface Saved {
  revision: number;
  historyLength: number;
  updatedAt: string | null;
  estimate: WorkbenchEstimate;
  /** Paragraph index -> its re-checked figures, for every paragraph the version changed or re-checked. */
  rechecked: Record<number, WorkbenchParagraph>;
}

const savedOf = (w: Workbench): Saved => ({
  revision: w.revision,
  historyLength: w.historyLength,
  updatedAt: w.updatedAt,
  estimate: w.estimate,
  rechecked: Object.fromEntries(w.paragraphs.map((p) => [p.index, p])),
});

/** A paragraph as the page shows it: the report's, with the latest re-check of its current text over it. */
export type ShownParagraph = ReportParagraph & { edited: boolean; pending: boolean };

/**
 * The workbench's state: the report, the saved version, the student's drafts (typed, not yet re-checked), and
 * the calls that change them. Each draft is re-checked RECHECK_DELAY_MS after typing in it stops; an answer
 * for text the student has since changed updates the figures of the version but not the paragraph shown.
 */
export function useWorkbench(id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const report = useCheckReportParagraphs({ id }, { query: { enabled, meta: { silent: true } } });
  const loaded = useCheckWorkbenchLoad({ id }, { query: { enabled, meta: { silent: true } } });
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [aigc, setAigc] = useState<Record<number, WorkbenchAigcParagraph>>({});
  const [busy, setBusy] = useState(false);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const latest = useRef({ sent: 0, applied: 0, drafts: {} as Record<number, string>, revision: 0, withAigc: false });

  const saved = useMemo(() => (loaded.data ? savedOf(loaded.data) : null), [loaded.data]);
  useEffect(() => {
    latest.current.drafts = drafts;
    latest.current.revision = saved?.revision ?? 0;
  }, [drafts, saved?.revision]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const send = useCallback(
    async (index: number, text: string, kind: WorkbenchRecheckBodyKind) => {
      const seq = ++latest.current.sent;
      try {
        const update = await checkWorkbenchRecheck({ id, index, text, kind, baseRevision: latest.current.revision, withAigc: latest.current.withAigc });
        if (seq < latest.current.applied) return;
        latest.current.applied = seq;
        const current = latest.current.drafts[index];
        queryClient.setQueryData<Workbench>(getCheckWorkbenchLoadQueryKey({ id }), (before) => {
          if (!before) return before;
          const shown = update.paragraphs.filter((p) => p.index !== index || current === undefined || current === text);
          const paragraphs = [...before.paragraphs.filter((p) => !shown.some((q) => q.index === p.index)), ...shown].sort((a, b) => a.index - b.index);
          return { ...before, revision: update.revision, historyLength: update.historyLength, updatedAt: update.updatedAt, estimate: update.estimate, paragraphs };
        });
        if (current === text) setDrafts(({ [index]: _, ...rest }) => rest);
        if (update.aigc.length) setAigc((before) => ({ ...before, ...Object.fromEntries(update.aigc.map((a) => [a.index, a])) }));
      } catch (error) {
        notify.error(error instanceof Error ? error.message : '保存失败，请稍后重试');
      }
    },
    [id, queryClient],
  );

  /** The student typed: the draft shows at once, the re-check follows the pause. */
  const type = useCallback(
    (index: number, text: string) => {
      setDrafts((before) => ({ ...before, [index]: text }));
      latest.current.drafts = { ...latest.current.drafts, [index]: text };
      clearTimeout(timers.current.get(index));
      timers.current.set(
        index,
        setTimeout(() => void send(index, text, 'typing'), RECHECK_DELAY_MS),
      );
    },
    [send],
  );

  /** A suggestion taken: its own version, re-checked now. */
  const take = useCallback(
    async (index: number, text: string) => {
      clearTimeout(timers.current.get(index));
      setDrafts((before) => ({ ...before, [index]: text }));
      latest.current.drafts = { ...latest.current.drafts, [index]: text };
      await send(index, text, 'suggestion');
    },
    [send],
  );

  /** AI traces of the whole version (switching the mode on, undo and redo); typing re-scores its own paragraph. */
  const scoreAll = useCallback(async () => {
    try {
      const scored = await checkWorkbenchAigc({ id });
      setAigc(Object.fromEntries(scored.paragraphs.map((p) => [p.index, p])));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'AI 痕迹检测失败，请稍后重试');
    }
  }, [id]);

  const step = useCallback(
    async (direction: 'undo' | 'redo') => {
      timers.current.forEach(clearTimeout);
      setBusy(true);
      try {
        const next = direction === 'undo' ? await checkWorkbenchUndo({ id }) : await checkWorkbenchRedo({ id });
        setDrafts({});
        queryClient.setQueryData(getCheckWorkbenchLoadQueryKey({ id }), next);
        if (latest.current.withAigc) void scoreAll();
      } catch (error) {
        notify.error(error instanceof Error ? error.message : '操作失败，请稍后重试');
      } finally {
        setBusy(false);
      }
    },
    [id, queryClient, scoreAll],
  );

  const setAiMode = useCallback(
    (on: boolean) => {
      latest.current.withAigc = on;
      if (on) void scoreAll();
    },
    [scoreAll],
  );

  const paragraphs: ShownParagraph[] = (report.data?.paragraphs ?? []).map((p) => {
    const again = saved?.rechecked[p.index];
    const draft = drafts[p.index];
    const base = again ? { ...p, ...again, edited: again.edited } : { ...p, edited: false };
    if (draft === undefined || draft === base.text) return { ...base, pending: false };
    // Typed and not yet re-checked: the old marks would fall on the wrong characters, so none are shown.
    return { ...base, text: draft, sentences: [], matches: [], pending: true };
  });

  return {
    report: report.data,
    workbench: loaded.data,
    saved,
    paragraphs,
    aigc,
    error: report.error ?? loaded.error,
    loading: report.isLoading || loaded.isLoading,
    busy,
    type,
    take,
    undo: () => step('undo'),
    redo: () => step('redo'),
    setAiMode,
    refresh: () => loaded.refetch(),
  };
}

export type WorkbenchModel = ReturnType<typeof useWorkbench>;
