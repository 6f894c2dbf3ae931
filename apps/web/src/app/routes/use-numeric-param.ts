import { useParams } from 'react-router';

/** A route id as a positive integer, or null when the URL holds something else. */
export function useNumericParam(name: string): number | null {
  const value = useParams()[name];
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  return Number(value);
}
