import { describe, expect, it } from 'vitest';
import {
  CBV_BIZ_STEPS,
  CBV_BIZ_TRANSACTION_TYPES,
  CBV_DISPOSITIONS,
  CBV_ERROR_REASONS,
  CBV_SENSOR_MEASUREMENT_TYPES,
  CBV_SOURCE_DEST_TYPES,
  normalizeBizStep,
  normalizeBizTransactionType,
  normalizeDisposition,
  normalizeMeasurementType,
  normalizeSourceDestType,
} from './vocabulary.js';

describe('CBV 2.0 vocabularies', () => {
  it('lists the CBV 2.0 values', () => {
    expect(CBV_BIZ_STEPS).toHaveLength(41);
    expect(CBV_BIZ_STEPS).toEqual(expect.arrayContaining(['accepting', 'commissioning', 'shipping', 'retail_selling', 'sensor_reporting', 'sampling']));
    expect(CBV_DISPOSITIONS).toHaveLength(33);
    expect(CBV_DISPOSITIONS).toEqual(expect.arrayContaining(['active', 'in_transit', 'retail_sold', 'needs_replacement', 'conformant']));
    expect(CBV_BIZ_TRANSACTION_TYPES).toEqual(['bol', 'cert', 'desadv', 'inv', 'pedigree', 'po', 'poc', 'prodorder', 'recadv', 'rma', 'testprd', 'testres', 'upevt']);
    expect(CBV_SOURCE_DEST_TYPES).toEqual(['owning_party', 'possessing_party', 'location']);
    expect(CBV_ERROR_REASONS).toEqual(['did_not_occur', 'incorrect_data']);
    expect(CBV_SENSOR_MEASUREMENT_TYPES).toEqual(expect.arrayContaining(['Temperature', 'AbsoluteHumidity', 'RelativeHumidity', 'Mass']));
    for (const list of [CBV_BIZ_STEPS, CBV_DISPOSITIONS, CBV_SENSOR_MEASUREMENT_TYPES]) expect(new Set(list).size).toBe(list.length);
  });

  it.each([
    'shipping',
    'urn:epcglobal:cbv:bizstep:shipping',
    'https://ref.gs1.org/cbv/BizStep-shipping',
    'http://ref.gs1.org/cbv/BizStep-shipping',
    'gs1:BizStep-shipping',
    'cbv:BizStep-shipping',
    '  shipping ',
  ])('normalises the bizStep %j to its short name', (value) => {
    expect(normalizeBizStep(value)).toBe('shipping');
  });

  it('keeps extension URIs and refuses unknown bare words and unknown CBV terms', () => {
    expect(normalizeBizStep('https://example.com/bizStep/inspecting')).toBe('https://example.com/bizStep/inspecting');
    expect(normalizeBizStep('ext1:summarising_discharge')).toBe('ext1:summarising_discharge');
    expect(normalizeBizStep('transforming')).toBeNull();
    expect(normalizeBizStep('urn:epcglobal:cbv:bizstep:transforming')).toBeNull();
    expect(normalizeBizStep('https://ref.gs1.org/cbv/BizStep-transforming')).toBeNull();
    expect(normalizeBizStep('cbv:BizStep-transforming')).toBeNull();
    // A disposition term is not a business step.
    expect(normalizeBizStep('urn:epcglobal:cbv:disp:in_transit')).toBeNull();
    expect(normalizeBizStep('')).toBeNull();
    expect(normalizeBizStep('two words')).toBeNull();
  });

  it('normalises dispositions, transaction and source/destination types', () => {
    expect(normalizeDisposition('urn:epcglobal:cbv:disp:in_transit')).toBe('in_transit');
    expect(normalizeDisposition('https://ref.gs1.org/cbv/Disp-retail_sold')).toBe('retail_sold');
    expect(normalizeDisposition('in_transport')).toBeNull();
    expect(normalizeBizTransactionType('urn:epcglobal:cbv:btt:po')).toBe('po');
    expect(normalizeBizTransactionType('https://ref.gs1.org/cbv/BTT-desadv')).toBe('desadv');
    expect(normalizeBizTransactionType('invoice')).toBeNull();
    expect(normalizeSourceDestType('urn:epcglobal:cbv:sdt:owning_party')).toBe('owning_party');
    expect(normalizeSourceDestType('cbv:SDT-location')).toBe('location');
    expect(normalizeSourceDestType('place')).toBeNull();
    expect(normalizeSourceDestType('cbv:my_own_party')).toBe('cbv:my_own_party');
  });

  it('normalises measurement types', () => {
    expect(normalizeMeasurementType('gs1:Temperature')).toBe('Temperature');
    expect(normalizeMeasurementType('https://gs1.org/voc/Temperature')).toBe('Temperature');
    expect(normalizeMeasurementType('Temperature')).toBe('Temperature');
    expect(normalizeMeasurementType('gs1:Warmth')).toBeNull();
    expect(normalizeMeasurementType('https://example.com/Radiance')).toBe('https://example.com/Radiance');
  });
});
