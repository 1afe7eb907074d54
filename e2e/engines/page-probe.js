/* global window, document, HTMLVideoElement */
/*
 * Loaded first on every page of the engines run (the proxy adds it to each HTML page), as a
 * plain script: WebDriver classic has no way to run code before a page's own, nor to read its
 * console. It notes what a person would call broken (uncaught errors, unhandled rejections,
 * console.error, CSP violations) and offers the journey its reads of the page, so that both
 * drivers call the same code. Problems are kept in sessionStorage to outlive a navigation.
 */
(function () {
  'use strict';
  var KEY = '__engines_problems';

  function problems() {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) || '[]');
    } catch (error) {
      return ['the problem list could not be read: ' + String(error)];
    }
  }

  function note(kind, text) {
    var list = problems();
    list.push(kind + ': ' + text + ' (' + window.location.pathname + ')');
    try {
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (error) {
      void error;
    }
  }

  function describe(value) {
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value);
      } catch (error) {
        void error;
      }
    }
    return String(value);
  }

  window.addEventListener('error', function (event) {
    // Script errors only: a resource's failed load bubbles no ErrorEvent to window.
    note('page error', event.message || describe(event.error));
  });
  window.addEventListener('unhandledrejection', function (event) {
    note('unhandled rejection', describe(event.reason));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    note('CSP violation', event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline code') + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });
  var consoleError = console.error;
  console.error = function () {
    note('console.error', Array.prototype.map.call(arguments, describe).join(' '));
    return consoleError.apply(console, arguments);
  };

  // Requests in flight, to tell when a page has settled.
  var inFlight = 0;
  var lastActivity = performance.now();
  var fetchOriginal = window.fetch;
  window.fetch = function () {
    inFlight += 1;
    lastActivity = performance.now();
    return fetchOriginal.apply(window, arguments).finally(function () {
      inFlight -= 1;
      lastActivity = performance.now();
    });
  };

  function activeVideo() {
    return document.querySelector('video[data-active="true"]');
  }

  function videoFacts(video) {
    if (!(video instanceof HTMLVideoElement)) return null;
    var quality = typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null;
    var ranges = [];
    for (var i = 0; i < video.buffered.length; i += 1) ranges.push([video.buffered.start(i), video.buffered.end(i)]);
    return {
      src: video.currentSrc,
      currentTime: video.currentTime,
      readyState: video.readyState,
      seeking: video.seeking,
      networkState: video.networkState,
      error: video.error ? video.error.code : null,
      paused: video.paused,
      frames: quality ? quality.totalVideoFrames : -1,
      buffered: ranges,
    };
  }

  function text(selector) {
    var element = document.querySelector(selector);
    return element ? (element.textContent || '').trim() : null;
  }

  window.__engines = {
    /** Every problem noted since the journey began, on any page of this tab. */
    problems: problems,
    /** Whether the app has rendered and its calls have ended a moment ago. */
    settled: function () {
      var root = document.getElementById('root');
      // Images too: leaving a page while its covers load aborts them, which Firefox reports as a
      // service worker's error on that page.
      var images = Array.prototype.every.call(document.images, function (image) {
        return image.complete || image.loading === 'lazy';
      });
      return document.readyState === 'complete' && !!root && root.children.length > 0 && inFlight === 0 && images && performance.now() - lastActivity > 300;
    },
    path: function () {
      return window.location.pathname + window.location.search;
    },
    attribute: function (selector, name) {
      var element = document.querySelector(selector);
      return element ? element.getAttribute(name) : null;
    },
    text: text,
    count: function (selector) {
      return document.querySelectorAll(selector).length;
    },
    /** An image that has loaded, decoded and has a size. */
    imageLoaded: function (selector) {
      var image = document.querySelector(selector);
      return !!image && image.complete && image.naturalWidth > 0;
    },
    storage: function (key) {
      return localStorage.getItem(key);
    },
    seed: function (entries) {
      Object.keys(entries).forEach(function (key) {
        localStorage.setItem(key, entries[key]);
      });
    },
    player: function () {
      var player = document.querySelector('[data-testid="player"]');
      return {
        episode: player ? player.getAttribute('data-episode') : null,
        status: player ? player.getAttribute('data-status') : null,
        video: videoFacts(activeVideo()),
        // The other element of the player's pair (the incoming or preloaded episode).
        standby: videoFacts(document.querySelector('[data-testid="player"] video[data-active="false"]')),
        subtitle: text('[data-testid="subtitle"]'),
        nativeHls: document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
      };
    },
    feed: function () {
      var item = document.querySelector('[data-testid="explore-item"][data-active="true"]');
      var video = item ? item.querySelector('[data-testid="explore-video"]') : null;
      return { drama: item ? item.getAttribute('data-drama-id') : null, video: videoFacts(video) };
    },
    /** Where an element is on screen, for pointer input. */
    centre: function (selector) {
      var element = document.querySelector(selector);
      if (!element) return null;
      element.scrollIntoView({ block: 'center' });
      var box = element.getBoundingClientRect();
      return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
    },
    viewport: function () {
      return { width: window.innerWidth, height: window.innerHeight, touch: 'ontouchstart' in window };
    },
  };
})();
