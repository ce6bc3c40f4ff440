import { describe, expect, it } from 'vitest';
import { NAV_TABS, activeArea, serviceOfPath } from './active-tab';

describe('activeArea', () => {
  it('selects each tab on its own target', () => {
    for (const tab of NAV_TABS) expect(activeArea(tab.to)).toBe(tab.key);
  });

  it('selects check on check and report paths', () => {
    expect(activeArea('/papercheck/check')).toBe('check');
    expect(activeArea('/paper/report')).toBe('check');
    expect(activeArea('/paper/submit/abc')).toBe('check');
  });

  it('selects writing on gc and write-report paths', () => {
    expect(activeArea('/aipaper/gc')).toBe('writing');
    expect(activeArea('/papergc/gc')).toBe('writing');
    expect(activeArea('/paperwirte/gc')).toBe('writing');
    expect(activeArea('/paperwirte/report')).toBe('writing');
    expect(activeArea('/aipaper/outline/7')).toBe('writing');
  });

  it('selects rewording on papermachine paths', () => {
    expect(activeArea('/papermachine/list')).toBe('rewording');
    expect(activeArea('/papermachine/content/9')).toBe('rewording');
    expect(activeArea('/papermachinesubmit/papermachine')).toBe('rewording');
    expect(activeArea('/cnki/cnki')).toBe('rewording');
  });

  it('selects AIGC on aigcdown and the aigc list', () => {
    expect(activeArea('/aigcdown/machine')).toBe('aigc');
    expect(activeArea('/aigc/list')).toBe('aigc');
    expect(activeArea('/aiaigc/list')).toBe('aigc');
  });

  it('marks order pages as the account area and leaves other paths without a tab', () => {
    expect(activeArea('/order/taocan')).toBe('account');
    expect(activeArea('/order/account')).toBe('account');
    expect(activeArea('/home')).toBeNull();
    expect(activeArea('/paperx')).toBeNull();
  });
});

describe('serviceOfPath', () => {
  it.each([
    ['/papercheck/check', 'check'],
    ['/paper/submit/abc', 'check'],
    ['/aipaper/outline/7', 'paper'],
    ['/paperwirte/report', 'paper'],
    ['/aippt/ppttype/3', 'ppt'],
    ['/aigccheck/content/1', 'aigc'],
    ['/aigccheck/check', 'aigc'],
    ['/aigcdown/machine', 'aigcLower'],
    ['/aiaigc/jc', 'aigcLower'],
    ['/aigc/list', 'aigcLower'],
    ['/papermachine/content/9', 'rewrite'],
    ['/nlp/machine', 'rewrite'],
    ['/airs/list', 'rewrite'],
  ])('gates %s behind the %s service', (path, service) => {
    expect(serviceOfPath(path)).toBe(service);
  });

  it('gates nothing outside the six areas', () => {
    for (const path of ['/home', '/order/taocan', '/redirect/papercheck/check', '/404']) expect(serviceOfPath(path)).toBeNull();
  });
});
