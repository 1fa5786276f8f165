import { describe, expect, it } from 'vitest';
import { td1Lines, td3Lines } from '../src/corpus/people.js';
import { checkDigit } from '../src/mrz-format.js';
import { gridLines, repairMrz, rivalReadings, zoneLines } from '../src/mrz-repair.js';

const person = { firstName: 'Zoë', middleName: null, lastName: 'Müller', birthDate: '1985-01-01', sex: 'F' } as const;
const passport = td3Lines(person, 'CAN', 'ZE000509', '2031-01-14');

describe('MRZ repair', () => {
  it('computes ICAO check digits', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('<<<<<<<<<<<<<<')).toBe(0);
  });

  it('keeps a clean zone as it is, every check digit valid', () => {
    const zone = repairMrz(passport, 'TD3');
    expect(zone).toMatchObject({ valid: true, failing: [], lines: passport });
  });

  it('turns letters read in digit positions back into digits, and fillers read as K back into fillers', () => {
    const misread = [passport[0]!.replace(/<<<<<<$/, 'K<<KEE'), passport[1]!.replace('850101', '85O1OI')];
    const zone = repairMrz(misread, 'TD3');
    expect(zone.valid).toBe(true);
    expect(zone.lines).toEqual(passport);
  });

  it('repairs an alphanumeric field only when one look-alike change makes its check digit pass', () => {
    const misread = [passport[0]!, passport[1]!.replace('ZE000509', 'ZE000S09')];
    expect(repairMrz(misread, 'TD3')).toMatchObject({ valid: true, lines: passport });
    // O for 0 here: three different single changes would pass (0, or O elsewhere): none is guessed.
    const ambiguous = [passport[0]!, passport[1]!.replace('ZE000509', 'ZE0O0509')];
    expect(repairMrz(ambiguous, 'TD3')).toMatchObject({ valid: false, failing: ['document number', 'composite'] });
  });

  it('chooses between repairs that pass alike only by the OCR being clearly least sure of what one changes', () => {
    const ambiguous = [passport[0]!, passport[1]!.replace('ZE000509', 'ZE0O0509')];
    const sure = ambiguous.map((line) => [...line].map(() => 95));
    // The O read at 40 % confidence, the rest at 95 %: the O was the misreading.
    const unsureOfO = sure.map((line, index) =>
      index === 1 ? line.map((value, at) => (at === 3 ? 40 : value)) : line,
    );
    expect(repairMrz(ambiguous, 'TD3', unsureOfO)).toMatchObject({ valid: true, lines: passport });
    // As sure of every character: no choice is made.
    expect(repairMrz(ambiguous, 'TD3', sure)).toMatchObject({ valid: false });
  });

  it('never makes a wrong check digit pass: a tampered date of birth stays invalid', () => {
    const tampered = [passport[0]!, passport[1]!.replace('850101', '850102')];
    const zone = repairMrz(tampered, 'TD3');
    expect(zone.valid).toBe(false);
    expect(zone.failing).toContain('date of birth');
  });

  it('never repairs a composite digit altered on purpose, nor hides a repaired document number', () => {
    const card = td1Lines(person, 'FRA', 'X4RTB3159', '2030-02-11');
    const composite = Number(card[1]!.at(-1));
    const tampered = [card[0]!, card[1]!.slice(0, -1) + String((composite + 1) % 10), card[2]!];
    expect(repairMrz(tampered, 'TD1')).toMatchObject({ valid: false, failing: ['composite'] });
    // Fillers of the optional data read as letters are fillers again; the zone is valid as printed.
    const misread = [card[0]!.replace(/<<<<$/, 'K<E<'), card[1]!, card[2]!];
    expect(repairMrz(misread, 'TD1')).toMatchObject({ valid: true, lines: card, numberGuessed: false });
    // A number read wrong and repaired says so: read-document.ts does not take it from that reading alone.
    const repaired = repairMrz([passport[0]!, passport[1]!.replace('ZE000509', 'ZE000S09')], 'TD3');
    expect(repaired).toMatchObject({ valid: true, numberGuessed: true });
  });

  it("turns fillers read as letters in a passport's empty personal number back into fillers, as its check digit says", () => {
    const misread = [passport[0]!, passport[1]!.slice(0, 30) + 'S<<E<K' + passport[1]!.slice(36)];
    expect(repairMrz(misread, 'TD3')).toMatchObject({ valid: true, lines: passport });
    // A personal number's check digit that is not the empty field's: the letters stay, and the check fails.
    const printed = passport[1]!.slice(0, 42) + '6' + passport[1]!.slice(43);
    const withNumber = [passport[0]!, printed.slice(0, 28) + 'S' + printed.slice(29)];
    expect(repairMrz(withNumber, 'TD3').lines[1]!.slice(28, 29)).toBe('S');
    // A composite altered on purpose stays failing, however the fillers before it are read.
    const tampered = misread[1]!.slice(0, 43) + String((Number(passport[1]!.at(-1)) + 1) % 10);
    expect(repairMrz([passport[0]!, tampered], 'TD3')).toMatchObject({ valid: false, failing: ['composite'] });
  });

  it('turns digits read in names into letters, and a separator read as <X< back into <<', () => {
    const misread = [passport[0]!.replace('MULLER<<ZOE', 'MULLER<X<Z0E'), passport[1]!];
    expect(repairMrz(misread, 'TD3')).toMatchObject({ valid: true, lines: passport });
  });

  it('finds the zone in OCR text and fits miscounted fillers, for ID cards too', () => {
    const card = td1Lines(person, 'FRA', 'X4RTB3159', '2030-02-11');
    const text = `IDENTITY CARD\n${card[0]}<<\n${card[1]!.replace('<<<', '<<')}\n${card[2]}\n`;
    const lines = zoneLines(text, 'TD1')!;
    expect(repairMrz(lines, 'TD1')).toMatchObject({ valid: true, lines: card });
  });

  it('places what the OCR read on the zone’s grid: a `<` read as `<X` is one filler, a run read as one `<` fills its cells', () => {
    // Characters 10 pixels wide, as the OCR places them: one symbol a cell, but for the misreadings.
    const placed = (line: string) =>
      [...line].map((text, cell) => ({ text, left: cell * 10 + 1, right: cell * 10 + 9, confidence: 95 }));
    const [names, data] = passport as [string, string];
    const withPhantom = placed(names);
    // A phantom X inside the cell of the `<` after the family name, less sure than the `<`.
    withPhantom.splice(12, 0, { text: 'X', left: 115, right: 119, confidence: 88 });
    // The fillers at the end read as one wide `<`, the last few dropped.
    const end = withPhantom.findIndex((symbol, index) => index > 20 && symbol.text === '<');
    const shortened = [
      ...withPhantom.slice(0, end),
      { text: '<', left: (end - 1) * 10 + 1, right: (end - 1) * 10 + 69, confidence: 90 },
    ];
    const { lines } = gridLines([shortened, placed(data)], 'TD3')!;
    expect(lines).toEqual(passport);
    expect(repairMrz(lines, 'TD3')).toMatchObject({ valid: true, lines: passport });
  });

  it('keeps what else the OCR read in a cell of the document number when the check digits cannot tell it apart', () => {
    const placed = (line: string) =>
      [...line].map((text, cell) => ({ text, left: cell * 10 + 1, right: cell * 10 + 9, confidence: 95 }));
    const card = td1Lines(person, 'GBR', 'MGTG8G5J2', '2031-09-02');
    const [numberLine, ...rest] = card as [string, string, string];
    // The G at position 10 read twice: as G (less sure) and as 6 (surer), as the OCR reads OCR-B's G now and then.
    const read = placed(numberLine.slice(0, 10) + '6' + numberLine.slice(11));
    read.splice(10, 0, { text: 'G', left: 101, right: 105, confidence: 90 });
    const grid = gridLines([read, ...rest.map(placed)], 'TD1')!;
    const zone = repairMrz(grid.lines, 'TD1', grid.confidence);
    // The 6 passes every check digit as the G does: the zone is valid, and its rival reading is the card as printed.
    expect(zone).toMatchObject({ valid: true });
    expect(zone.lines[0]).not.toBe(numberLine);
    expect(rivalReadings(zone, grid.rivals)).toEqual([card]);
    // A rival the check digits tell apart (an S against a 5) is no rival reading: the check digit settles it.
    const plain = placed(numberLine);
    plain.splice(11, 0, { text: 'S', left: 111, right: 115, confidence: 90 });
    const settled = gridLines([plain, ...rest.map(placed)], 'TD1')!;
    expect(rivalReadings(repairMrz(settled.lines, 'TD1', settled.confidence), settled.rivals)).toEqual([]);
    // One symbol the OCR read as G whose height made it a 6: the G it read is the cell's rival all the same.
    const heightened = placed(numberLine).map((symbol, at) =>
      at === 10 ? { ...symbol, text: '6', read: 'G' } : symbol,
    );
    const byHeight = gridLines([heightened, ...rest.map(placed)], 'TD1')!;
    expect(rivalReadings(repairMrz(byHeight.lines, 'TD1', byHeight.confidence), byHeight.rivals)).toEqual([card]);
  });
});
