import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { HeatBar } from './heat-bar';

// jsdom resolves no custom properties: the fill as the stylesheet sets it (var(--chakra-colors-red-500)).
const fill = (element: Element) => getComputedStyle(element).getPropertyValue('background');

describe('the heat bar', () => {
  it('colours a paragraph by its band, the rule its card and badge follow, not by its probability alone', () => {
    render(
      <ChakraProvider value={system}>
        <HeatBar
          paragraphs={[
            { index: 0, charCount: 300, aiProbability: 0.506, band: 'high', tooShort: false },
            { index: 1, charCount: 300, aiProbability: 0.12, band: 'none', tooShort: false },
          ]}
          onPick={() => undefined}
        />
      </ChakraProvider>,
    );
    const [high, none] = screen.getAllByTestId('heat-segment');
    expect(high).toHaveAccessibleName('第 1 段，高度疑似，机器生成概率 50.6%');
    const legend = (band: string) => screen.getAllByTestId('heat-legend').find((l) => l.dataset.band === band)!.firstElementChild!;
    expect(fill(high)).not.toBe('');
    expect(fill(high)).toBe(fill(legend('high')));
    expect(fill(none)).toBe(fill(legend('none')));
    expect(fill(high)).not.toBe(fill(legend('low')));
  });
});
