/** The words of a list read a page at a time (src/components/ui/pager.tsx). */
export const pagerCopy = {
  showing: (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total}`,
  previous: 'Previous',
  next: 'Next',
};
