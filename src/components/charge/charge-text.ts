import type { CostQuote, Rate } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';

/** Who does a rewording, as the screens say it before payment (the contract's engine). */
export const ENGINE_LABELS: Record<NonNullable<CostQuote['engine']>, string> = {
  model: '大模型改写',
  offline: '离线引擎改写（未使用大模型，按离线引擎价格计费）',
};

/** A unit price in words: 每 1 000 字 ¥3.00，最低 ¥5.00. */
export function rateText(rate: Rate): string {
  const unit = `每 ${rate.unitChars.toLocaleString('zh-CN').replace(/,/g, ' ')} 字 ${formatYuan(rate.unitFen)}`;
  return rate.minFen > 0 ? `${unit}，最低 ${formatYuan(rate.minFen)}` : unit;
}

/** How the price was reached: the characters counted and the rate, where one rate gave it. */
export function pricingText(quote: Pick<CostQuote, 'charCount' | 'rate' | 'billing'>): string | null {
  if (quote.billing === 'per_answer') {
    return quote.rate ? `按每次回答的实际字数计费，${rateText(quote.rate)}；停止生成或中途出错的回答只按已生成的字数计费，没有生成内容不收费` : null;
  }
  const chars = quote.charCount === null ? null : `${quote.charCount.toLocaleString('zh-CN')} 字`;
  if (chars && quote.rate) return `${chars}，${rateText(quote.rate)}`;
  return chars;
}
