import { detectAigc, scoreAigc } from '../detect';
import type { Model } from '../model';
import type { Example } from './data';
import { auroc, flaggedRate, tprAtFpr } from './metrics';

export interface Figures {
  /** AUROC on held-out HC3-Plus texts (si and qa together), and on each split. */
  auroc: number;
  aurocSi: number;
  aurocQa: number;
  /** True-positive rate at 1 % false positives on held-out HC3-Plus. */
  tprAt1Fpr: number;
  /** Share of held-out HC3-Plus machine texts and human texts at or above 0.5. */
  tprAt05: number;
  fprAt05: number;
  /** Share of held-out CSL abstracts whose document score reached 0.5 (the false-accusation rate). */
  cslFlagged: number;
  /** The same with the abstracts' half-width punctuation made full-width (as a student types in Word). */
  cslFlaggedFullWidth: number;
  /** Share of held-out CSL abstracts whose band is not 未见异常. */
  cslBanded: number;
  counts: { hc3: number; hc3Machine: number; csl: number };
}

/** Half-width , . ; : ? ! ( ) in Chinese text made full-width, as Word's Chinese input writes them. */
export function fullWidth(text: string): string {
  return text
    .replace(/(?<![0-9A-Za-z]),|,(?![0-9A-Za-z])/g, '，')
    .replace(/\.(?![0-9])/g, '。')
    .replace(/;/g, '；')
    .replace(/:/g, '：')
    .replace(/\?/g, '？')
    .replace(/!/g, '！')
    .replace(/\(/g, '（')
    .replace(/\)/g, '）');
}

export function evaluate(test: readonly Example[], score: (text: string) => number, band?: (text: string) => boolean): Figures {
  const hc3 = test.filter((e) => e.source !== 'csl');
  const csl = test.filter((e) => e.source === 'csl');
  const s = hc3.map((e) => score(e.text));
  const y = hc3.map((e) => e.label);
  const pick = (source: string) => {
    const idx = hc3.map((e, i) => (e.source === source ? i : -1)).filter((i) => i >= 0);
    return auroc(
      idx.map((i) => s[i]),
      idx.map((i) => y[i]),
    );
  };
  const machine = s.filter((_, i) => y[i] === 1);
  const human = s.filter((_, i) => y[i] === 0);
  return {
    auroc: auroc(s, y),
    aurocSi: pick('si'),
    aurocQa: pick('qa'),
    tprAt1Fpr: tprAtFpr(s, y, 0.01),
    tprAt05: flaggedRate(machine, 0.5),
    fprAt05: flaggedRate(human, 0.5),
    cslFlagged: flaggedRate(
      csl.map((e) => score(e.text)),
      0.5,
    ),
    cslFlaggedFullWidth: flaggedRate(
      csl.map((e) => score(fullWidth(e.text))),
      0.5,
    ),
    cslBanded: band ? csl.filter((e) => band(e.text)).length / Math.max(1, csl.length) : NaN,
    counts: { hc3: hc3.length, hc3Machine: machine.length, csl: csl.length },
  };
}

export function evaluateModel(test: readonly Example[], model: Model): Figures {
  return evaluate(
    test,
    (text) => scoreAigc(text, model),
    (text) => detectAigc(text, {}, model).band !== 'none',
  );
}
