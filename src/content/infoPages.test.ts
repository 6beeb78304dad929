import { trialButtonLabels } from './trialButton';
import { describe, expect, it } from 'vitest';
import { bookDemoForm } from './bookDemo';
import { howItWorksSteps } from './howItWorks';
import { caseStudies, industryTrends, insightsFindings } from './insights';
import { revolve360Pipeline } from './revolve360Pipeline';
import { revolveCustomSteps } from './revolveCustom';
import { revolveVrPipeline } from './revolveVrPipeline';
import { trialAccessButton, trialAccessSteps } from './trialAccess';

describe('information pages content (SPEC.md section 2)', () => {
  it('insights carries the research figures, two case studies and three trends', () => {
    const figures = insightsFindings.stats.map((stat) => `${stat.value} ${stat.label}`);
    expect(figures).toContain('75% more knowledge retention');
    expect(figures).toContain('40% less time to competency');
    expect(caseStudies.map((study) => study.outcome.value)).toEqual(['60%', '15']);
    expect(caseStudies[1]?.points).toContain('Standardized procedures across 15 hospitals');
    expect(industryTrends.items.map((trend) => trend.title)).toEqual([
      'Remote Training',
      'AI Integration',
      'Haptic Feedback',
    ]);
  });

  it('how it works and Revolve Custom each have their four steps with long text and art', () => {
    expect(howItWorksSteps.map((step) => step.title)).toEqual([
      'Design',
      'Film',
      'Build',
      'Deploy',
    ]);
    expect(revolveCustomSteps.map((step) => step.title)).toEqual([
      'Consultation',
      'Production',
      'Integration',
      'Support',
    ]);
    for (const step of [...howItWorksSteps, ...revolveCustomSteps]) {
      expect(step.detail.length).toBeGreaterThan(step.text.length);
      expect(step.image.src).toMatch(/^\/images\/(process|custom)\/[a-z-]+\.svg$/);
      expect(step.image.alt).not.toBe('');
    }
  });

  it('the VR pipeline: ten steps, 6-10 weeks, eight FAQs stating the four headset facts', () => {
    expect(revolveVrPipeline.steps).toHaveLength(10);
    expect(revolveVrPipeline.timeline).toEqual({
      value: '6-10 weeks',
      label: 'for a single VR scenario',
    });
    expect(revolveVrPipeline.faqs).toHaveLength(8);
    const answers = revolveVrPipeline.faqs.map((faq) => faq.answer).join(' ');
    expect(answers).toContain('Meta Quest 3 or 3S by default');
    expect(answers).toMatch(/room-scale[^.]*2 m x 2 m/);
    expect(answers).toMatch(/seated mode is available/i);
    expect(answers).toMatch(/offline use is supported/i);
    expect(revolveVrPipeline.sample.label).toBe('See a sample simulation');
  });

  it('the 360 pipeline: nine steps, 4-6 weeks, six FAQs', () => {
    expect(revolve360Pipeline.steps).toHaveLength(9);
    expect(revolve360Pipeline.timeline).toEqual({
      value: '4-6 weeks',
      label: 'for a single 360 module',
    });
    expect(revolve360Pipeline.faqs).toHaveLength(6);
    expect(revolve360Pipeline.sample.label).toBe('See a sample module');
  });

  it('trial access has four steps and the trial button', () => {
    expect(trialAccessSteps).toHaveLength(4);
    // Worded as everywhere but the Revolve 360 landing page (DESIGN.md).
    expect(trialButtonLabels[trialAccessButton.wording]).toBe(
      'Access the 30-Day Free Training Library Trial',
    );
  });

  it('the register-interest form keeps SPEC.md strings', () => {
    expect(bookDemoForm.fields.subject.defaultValue).toBe(
      'Registering interest in Revolve 360 Training',
    );
    expect(bookDemoForm.toast).toEqual({
      title: 'Thank you for your interest!',
      description: "We'll be in touch soon to arrange your demo.",
    });
  });
});
