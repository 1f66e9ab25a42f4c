/* global window, document */
/**
 * A stand-in for https://www.youtube.com/iframe_api, for tests (the real script is unreachable here). It implements
 * the documented `YT.Player` interface (https://developers.google.com/youtube/iframe_api_reference): the
 * constructor replaces the given element with an <iframe>; events onReady, onStateChange, onError, onApiChange;
 * states -1 UNSTARTED, 0 ENDED, 1 PLAYING, 2 PAUSED, 3 BUFFERING, 5 CUED; the player methods the app uses. When
 * loaded it sets `YT.loaded = 1` and calls `window.onYouTubeIframeAPIReady()`, as the real one does.
 *
 * Playback is simulated on a clock: a video lasts `window.YT_STANDIN.duration` seconds (30 by default). Video ids
 * choose behaviour, to reach the documented errors:
 *   err100…  error 100 (not found)      err150…  error 150 (not embeddable)     err5…  error 5 (HTML5 player)
 *   …cc…     has English captions (after playback starts, announced with onApiChange)
 * `window.YT_STANDIN.players` lists the live players (tests inspect and drive them).
 */
(function () {
  'use strict';
  var config = (window.YT_STANDIN = window.YT_STANDIN || {});
  config.players = config.players || [];
  var STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var TICK_MS = 100;

  function Player(element, options) {
    if (!(this instanceof Player)) throw new TypeError('YT.Player is a constructor');
    var el = typeof element === 'string' ? document.getElementById(element) : element;
    if (!el) throw new Error('YT.Player: element not found');
    options = options || {};
    var vars = options.playerVars || {};
    this._videoId = options.videoId || '';
    this._events = options.events || {};
    this._listeners = {};
    this._state = STATE.UNSTARTED;
    this._time = Number(vars.start) || 0;
    this._duration = Number(config.duration) || 30;
    this._rate = 1;
    this._volume = 100;
    this._muted = false;
    this._captionsLoaded = false;
    this._captionTrack = {};
    this._destroyed = false;
    this._lastTick = 0;
    this._timer = null;

    var iframe = document.createElement('iframe');
    iframe.id = el.id || '';
    iframe.title = 'YouTube video player';
    iframe.setAttribute('data-standin', 'youtube');
    iframe.setAttribute('data-video-id', this._videoId);
    iframe.setAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
    iframe.width = String(options.width || 640);
    iframe.height = String(options.height || 360);
    iframe.style.border = '0';
    iframe.srcdoc =
      '<body style="margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#fff;font:16px system-ui">' +
      'YouTube stand-in: ' + this._videoId.replace(/[<&]/g, '') + '</body>';
    if (el.parentNode) el.parentNode.replaceChild(iframe, el);
    this._iframe = iframe;
    config.players.push(this);

    setTimeout(() => {
      if (this._destroyed) return;
      this._fire('onReady', undefined);
      var code = /^err(100|101|150|2|5)/.exec(this._videoId);
      if (code) {
        this._fire('onError', Number(code[1]));
        return;
      }
      if (Number(vars.autoplay) === 1) this.playVideo();
      else this._setState(STATE.CUED);
    }, 0);
  }

  Player.prototype._fire = function (name, data) {
    var event = { target: this, data: data };
    var handler = this._events[name];
    if (typeof handler === 'function') handler(event);
    var more = this._listeners[name] || [];
    for (var i = 0; i < more.length; i++) more[i](event);
  };
  Player.prototype._setState = function (state) {
    if (this._state === state) return;
    this._state = state;
    this._fire('onStateChange', state);
  };
  Player.prototype._advance = function () {
    var now = Date.now();
    if (this._state === STATE.PLAYING) {
      this._time = Math.min(this._duration, this._time + ((now - this._lastTick) / 1000) * this._rate);
      if (this._time >= this._duration) {
        this._stopClock();
        this._setState(STATE.ENDED);
      }
    }
    this._lastTick = now;
  };
  Player.prototype._startClock = function () {
    this._stopClock();
    this._lastTick = Date.now();
    this._timer = setInterval(() => this._advance(), TICK_MS);
  };
  Player.prototype._stopClock = function () {
    if (this._timer) clearInterval(this._timer);
    this._timer = null;
  };

  Player.prototype.playVideo = function () {
    if (this._destroyed) return;
    if (this._time >= this._duration) this._time = 0;
    this._setState(STATE.BUFFERING);
    setTimeout(() => {
      if (this._destroyed || this._state !== STATE.BUFFERING) return;
      this._setState(STATE.PLAYING);
      this._startClock();
      if (/cc/.test(this._videoId) && !this._captionsLoaded) {
        this._captionsLoaded = true;
        this._fire('onApiChange', undefined);
      }
    }, 50);
  };
  Player.prototype.pauseVideo = function () {
    this._advance();
    this._stopClock();
    if (this._state === STATE.PLAYING || this._state === STATE.BUFFERING) this._setState(STATE.PAUSED);
  };
  Player.prototype.stopVideo = function () {
    this._stopClock();
    this._time = 0;
    this._setState(STATE.UNSTARTED);
  };
  Player.prototype.seekTo = function (seconds) {
    this._advance();
    this._time = Math.max(0, Math.min(this._duration, Number(seconds) || 0));
    if (this._time >= this._duration && this._state === STATE.PLAYING) {
      this._stopClock();
      this._setState(STATE.ENDED);
    }
  };
  Player.prototype.getCurrentTime = function () {
    this._advance();
    return this._time;
  };
  Player.prototype.getDuration = function () {
    return this._duration;
  };
  Player.prototype.getPlayerState = function () {
    return this._state;
  };
  Player.prototype.setVolume = function (volume) {
    this._volume = Math.max(0, Math.min(100, Number(volume)));
  };
  Player.prototype.getVolume = function () {
    return this._volume;
  };
  Player.prototype.mute = function () {
    this._muted = true;
  };
  Player.prototype.unMute = function () {
    this._muted = false;
  };
  Player.prototype.isMuted = function () {
    return this._muted;
  };
  Player.prototype.setPlaybackRate = function (rate) {
    this._advance();
    if (this.getAvailablePlaybackRates().indexOf(rate) >= 0) this._rate = rate;
  };
  Player.prototype.getPlaybackRate = function () {
    return this._rate;
  };
  Player.prototype.getAvailablePlaybackRates = function () {
    return [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
  };
  Player.prototype.getVideoUrl = function () {
    return 'https://www.youtube.com/watch?v=' + encodeURIComponent(this._videoId);
  };
  Player.prototype.loadModule = function (name) {
    if (name === 'captions' && /cc/.test(this._videoId)) this._captionsLoaded = true;
  };
  Player.prototype.unloadModule = function (name) {
    if (name === 'captions') this._captionTrack = {};
  };
  Player.prototype.getOption = function (module, option) {
    if (module !== 'captions') return undefined;
    if (option === 'tracklist') return this._captionsLoaded ? [{ languageCode: 'en', displayName: 'English' }] : [];
    if (option === 'track') return this._captionTrack;
    return undefined;
  };
  Player.prototype.setOption = function (module, option, value) {
    if (module === 'captions' && option === 'track') this._captionTrack = value || {};
  };
  Player.prototype.getIframe = function () {
    return this._iframe;
  };
  Player.prototype.addEventListener = function (name, fn) {
    (this._listeners[name] = this._listeners[name] || []).push(fn);
  };
  Player.prototype.removeEventListener = function (name, fn) {
    var list = this._listeners[name] || [];
    var at = list.indexOf(fn);
    if (at >= 0) list.splice(at, 1);
  };
  Player.prototype.destroy = function () {
    this._destroyed = true;
    this._stopClock();
    if (this._iframe && this._iframe.parentNode) this._iframe.parentNode.removeChild(this._iframe);
    var at = config.players.indexOf(this);
    if (at >= 0) config.players.splice(at, 1);
  };

  window.YT = { Player: Player, PlayerState: STATE, loaded: 1 };
  setTimeout(function () {
    if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
  }, 0);
})();
