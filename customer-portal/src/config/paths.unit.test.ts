import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { parseCustomerDocSearchParams } from './search-link-params';

const link = { customerName: 'Acme Medical', parentChangeId: '42', encryptedEmail: 'abc+/=def' };

describe('customer document search link', () => {
  it('when a link is built and read back, then the three parameters survive in order', () => {
    const href = paths.customerDocSearch.getHref(link);
    expect(href).toBe('/customerDocSearch?customerName=Acme+Medical&parentChangeId=42&encryptedEmail=abc%2B%2F%3Ddef');
    const search = new URL(href, 'http://portal.test').searchParams;
    expect(parseCustomerDocSearchParams(search)).toEqual(link);
  });

  it('when the parameters have other names, then they are read by position', () => {
    expect(parseCustomerDocSearchParams(new URLSearchParams('name=Acme&id=42&e=xyz'))).toEqual({
      customerName: 'Acme',
      parentChangeId: '42',
      encryptedEmail: 'xyz',
    });
    expect(parseCustomerDocSearchParams(new URLSearchParams('Acme&42&xyz'))).toEqual({
      customerName: 'Acme',
      parentChangeId: '42',
      encryptedEmail: 'xyz',
    });
  });

  it('when a parameter is missing, then the link is incomplete', () => {
    expect(parseCustomerDocSearchParams(new URLSearchParams('customerName=Acme&parentChangeId=42'))).toBeNull();
    expect(parseCustomerDocSearchParams(new URLSearchParams(''))).toBeNull();
  });

  it('when a customer name has spaces or slashes, then the doc search href encodes it', () => {
    expect(paths.docSearch.getHref('Acme / EU')).toBe('/docSearch/Acme%20%2F%20EU');
  });
});
