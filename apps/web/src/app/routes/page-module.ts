import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { notFoundError } from '../../components/errors/error-kind';

/** What a lazy route module gives the router: its page and, when it reads data, a loader made with the app's query client. */
export type PageModule = { Component: ComponentType; loader?: (queryClient: QueryClient) => LoaderFunction };

/**
 * Waits for a page's section data so a navigation keeps the previous page on
 * screen until the next is ready. A failure is not the page's: it stays in the
 * cache, and the section reading it shows the inline error with its retry.
 */
export async function settle(...reads: Promise<unknown>[]): Promise<null> {
  await Promise.allSettled(reads);
  return null;
}

/** A route id as a positive integer; anything else is the not-found screen. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) throw notFoundError();
  return Number(value);
}
