import { CloseOutlined } from "@ant-design/icons";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { setState, useAppState, type TagView } from "../session/store";
import { TAGS_MENU_WIDTH } from "../theme/constants";
import { evictKeepAlive } from "./keep-alive";
import { closeAllTags, closeOtherTags, closeTag, type TagsChange } from "./tags";

interface MenuState {
  x: number;
  y: number;
  tag: TagView;
}

/** Tags strip of visited views with its 105 px context menu: 刷新, 关闭, 关闭其他, 关闭所有 (§2). */
export function TagsView({ path }: { path: string }) {
  const navigate = useNavigate();
  const tags = useAppState((s) => s.tags);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener("click", close);
    document.addEventListener("scroll", close, true);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("scroll", close, true);
    };
  }, [menu]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger: the tag of the new route is scrolled into view.
  useEffect(() => {
    stripRef.current?.querySelector('[data-active="1"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [path]);

  const apply = (c: TagsChange) => {
    for (const n of c.evict) evictKeepAlive(n);
    setState({ tags: c.tags });
    if (c.goTo) navigate(c.goTo);
  };
  const refresh = (t: TagView) => {
    evictKeepAlive(t.name);
    void navigate(`/redirect${t.path}`, { replace: true });
  };
  const openMenu = (e: MouseEvent, tag: TagView) => {
    e.preventDefault();
    const x = Math.min(e.clientX, window.innerWidth - TAGS_MENU_WIDTH - 8);
    setMenu({ x, y: e.clientY, tag });
  };

  return (
    <div className="yk-tags" data-testid="tags-strip" ref={stripRef}>
      {tags.map((t) => {
        const active = t.path === path;
        return (
          <span
            key={t.path}
            className={`yk-tag${active ? " yk-tag-active" : ""}`}
            data-testid="tag"
            data-path={t.path}
            data-active={active ? "1" : "0"}
            data-affix={t.affix ? "1" : "0"}
            onClick={() => navigate(t.path)}
            onContextMenu={(e) => openMenu(e, t)}
          >
            {active ? <i className="yk-tag-dot" /> : null}
            {t.title}
            {t.affix ? null : (
              <CloseOutlined
                className="yk-tag-close"
                data-testid="tag-close"
                aria-label="关闭"
                onClick={(e) => {
                  e.stopPropagation();
                  apply(closeTag(tags, t.path, path));
                }}
              />
            )}
          </span>
        );
      })}
      {menu ? (
        <ul className="yk-tags-menu" data-testid="tags-context-menu" style={{ left: menu.x, top: menu.y, width: TAGS_MENU_WIDTH }}>
          <li data-testid="tags-menu-refresh" onClick={() => refresh(menu.tag)}>
            刷新
          </li>
          {menu.tag.affix ? null : (
            <li data-testid="tags-menu-close" onClick={() => apply(closeTag(tags, menu.tag.path, path))}>
              关闭
            </li>
          )}
          <li data-testid="tags-menu-close-others" onClick={() => apply(closeOtherTags(tags, menu.tag.path, path))}>
            关闭其他
          </li>
          <li data-testid="tags-menu-close-all" onClick={() => apply(closeAllTags(tags, path))}>
            关闭所有
          </li>
        </ul>
      ) : null}
    </div>
  );
}
