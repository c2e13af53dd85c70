package mse.cluster.profiles;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderClasspath;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigIncluderURL;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import java.io.File;
import java.net.URL;

/**
 * Parses the text of a user's HOCON file (profile, grid, analytic model) on its own: no environment variables or
 * system properties are substituted (a file could otherwise copy ${SECRET} into a run's summary.json), no other
 * file, URL or classpath resource is included, and input nested too deeply for the parser's recursion is a
 * {@link ProfileException} like any other syntax error. Every problem names "source:line".
 */
final class HoconText {

    private HoconText() {
    }

    static Config parse(String text, String source) {
        ConfigParseOptions options = ConfigParseOptions.defaults()
                .setOriginDescription(source)
                .setSyntax(ConfigSyntax.CONF)
                .setAllowMissing(false)
                .setIncluder(new NoIncludes());
        try {
            return ConfigFactory.parseString(text, options).resolve(ConfigResolveOptions.noSystem());
        } catch (ConfigException e) {
            throw new ProfileException(located(e, source), e);
        } catch (StackOverflowError e) {
            throw new ProfileException(source + ": nested too deeply to read (brackets or braces thousands of levels deep)");
        }
    }

    /** Re-states Typesafe Config's "source: 3: msg" as "source:3: msg", matching the validation messages. */
    private static String located(ConfigException e, String source) {
        String message = String.valueOf(e.getMessage()).replace('\n', ' ');
        if (e.origin() == null) {
            return message.startsWith(source) ? message : source + ": " + message;
        }
        String prefix = e.origin().description() + ": ";
        String what = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
        int line = e.origin().lineNumber();
        return (line > 0 ? source + ":" + line : source) + ": " + what;
    }

    /** MSE's files are self-contained: an include of any kind is an error naming the file. */
    private static final class NoIncludes implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL, ConfigIncluderClasspath {

        @Override
        public ConfigIncluder withFallback(ConfigIncluder fallback) {
            return this;
        }

        @Override
        public ConfigObject include(ConfigIncludeContext context, String what) {
            throw refused(what);
        }

        @Override
        public ConfigObject includeFile(ConfigIncludeContext context, File what) {
            throw refused(String.valueOf(what));
        }

        @Override
        public ConfigObject includeURL(ConfigIncludeContext context, URL what) {
            throw refused(String.valueOf(what));
        }

        @Override
        public ConfigObject includeResources(ConfigIncludeContext context, String what) {
            throw refused(what);
        }

        private static ConfigException refused(String what) {
            return new ConfigException.Generic("include " + what + ": includes are not supported; put every key in this file");
        }
    }
}
