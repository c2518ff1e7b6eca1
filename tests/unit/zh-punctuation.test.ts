import { describe, expect, it } from 'vitest';
import { messageText, punctuationProblems } from '../../scripts/zh-punctuation.ts';

// The lint `npm run check` runs on the zh-CN catalog and task texts (scripts/zh-punctuation.ts).

describe('Chinese punctuation lint', () => {
  it('passes full-width punctuation, and half-width marks that belong to numbers and Latin text', () => {
    for (const text of [
      '今日 X，年利率 X。',
      '余额至少 X（你目前有 X）',
      '已同步：服务器确认了 # 项操作。',
      '利息 = 余额 × 年利率 ÷ 365，向下取整到 0.000001 XRP。',
      '访问 https://xrpl.org/docs 了解更多。',
      'XRP (Ripple) 是一种数字资产。',
      '加载中…',
    ]) {
      expect([text, punctuationProblems(text)]).toEqual([text, []]);
    }
  });

  it('finds half-width marks beside Chinese characters', () => {
    expect(punctuationProblems('任务完成.')).toEqual([
      expect.stringContaining('half-width "." in Chinese text, use "。"'),
    ]);
    expect(punctuationProblems('今日 X, 年利率 X')).toEqual([expect.stringContaining('use "，"')]);
    expect(punctuationProblems('余额至少 X (你目前有 X)')).toEqual([
      expect.stringContaining('use "（"'),
      expect.stringContaining('use "）"'),
    ]);
    expect(punctuationProblems('已同步:服务器')).toEqual([expect.stringContaining('use "："')]);
    expect(punctuationProblems('真的吗?')).toEqual([expect.stringContaining('use "？"')]);
    expect(punctuationProblems('加载中...')).toEqual([expect.stringContaining('use "…"')]);
  });

  it('finds stray spaces after (and before) full-width marks', () => {
    expect(punctuationProblems('已有一笔提现正在进行中。 查看进度')).toEqual([
      expect.stringContaining('space after full-width "。"'),
    ]);
    expect(punctuationProblems('原因： tecNO_DST')).toEqual([
      expect.stringContaining('space after full-width "："'),
    ]);
    expect(punctuationProblems('完成 。')).toEqual([expect.stringContaining('space before full-width "。"')]);
  });

  it('reads a catalog message as its readers do: placeholders are values, each plural branch a text', () => {
    expect(messageText('<0>{name}</0> 提现了 {amount}（{when}）。')).toBe('X 提现了 X（X）。');
    const plural = '{n, plural, one {已同步 # 项操作。} other {已同步 # 项操作。}}';
    expect(messageText(plural)).toBe('\n已同步 # 项操作。\n已同步 # 项操作。');
    // The branches are not one sentence followed by a stray space.
    expect(punctuationProblems(messageText(plural))).toEqual([]);
  });
});
