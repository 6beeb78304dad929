/** A portal page's heading and the sentence under it. */
export function PageTitle({ copy }: { copy: { heading: string; intro: string } }) {
  return (
    <>
      <h1 className="text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {copy.heading}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{copy.intro}</p>
    </>
  );
}
